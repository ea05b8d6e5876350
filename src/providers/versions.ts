import type { RaRecord } from 'react-admin';
import { toRecord, type ApiRecord } from './records';

/** A write refused because the record changed since it was read (docs/concurrency.md). */
export const STALE_RECORD = 'STALE_RECORD';

export const versionOf = (record: object | null | undefined): number | undefined => {
  const version: unknown = (record as { version?: unknown } | null | undefined)?.version;
  return typeof version === 'number' && Number.isInteger(version) ? version : undefined;
};

/** `If-Match` with the version read, and `X-Overwrite` when the admin saves over another admin's change on purpose. */
export function versionHeaders(record: object | null | undefined, overwrite = false): Record<string, string> {
  const version = versionOf(record);
  return {
    ...(version === undefined ? {} : { 'If-Match': `"${version}"` }),
    ...(overwrite ? { 'X-Overwrite': 'true' } : {}),
  };
}

/** The ids of `records` with their versions, for a bulk call over them; records without one are left out. */
export function versionsById(records: readonly RaRecord[] | undefined, ids: readonly RaRecord['id'][]): Record<string, number> {
  const wanted = new Set(ids.map(String));
  const versions: Record<string, number> = {};
  for (const record of records ?? []) {
    const version = versionOf(record);
    if (wanted.has(String(record.id)) && version !== undefined) versions[String(record.id)] = version;
  }
  return versions;
}

const isApiRecord = (value: unknown): value is ApiRecord => typeof value === 'object' && value !== null && typeof (value as { _id?: unknown })._id === 'string';

/** A 409 STALE_RECORD refusal: what the console shows is older than the server's. */
export function isStale(error: unknown): boolean {
  const { status, body } = (error ?? {}) as { status?: unknown; body?: { code?: unknown } };
  return status === 409 && body?.code === STALE_RECORD;
}

/** The record as it is now, from a 409 STALE_RECORD refusal's body. */
export function staleRecordOf(error: unknown): RaRecord | undefined {
  const data: unknown = (error as { body?: { data?: unknown } } | null)?.body?.data;
  return isStale(error) && isApiRecord(data) ? toRecord(data) : undefined;
}
