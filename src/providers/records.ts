import type { RaRecord } from 'react-admin';

/** A record as the API sends it: keyed by `_id`. */
export interface ApiRecord {
  _id: string;
  [field: string]: unknown;
}

/** A record of the contract as the console holds it: the API's `_id` is react-admin's `id`. */
export type ConsoleRecord<Api extends { _id: string }> = Omit<Api, '_id'> & { id: string };

/** `_id` becomes react-admin's `id` here, and nowhere else. */
export function toRecord<Api extends { _id: string }>(apiRecord: Api): ConsoleRecord<Api> {
  const { _id, ...fields } = apiRecord;
  return { ...fields, id: _id };
}

/** The record as the API knows it, for the Raw Data tab. */
export function toApiRecord(record: RaRecord): ApiRecord {
  const { id, ...fields } = record;
  return { _id: String(id), ...fields };
}

/** The fields to send on create or update: never the id, which the path carries. */
export function toPayload(data: Partial<RaRecord>): Record<string, unknown> {
  const { id: _ignoredId, _id: _ignoredApiId, ...fields } = data as Record<string, unknown>;
  return fields;
}
