import type { RaRecord } from 'react-admin';
import type { Admin } from '../../shared/contract/admins';
import type { AuditEvent } from '../../shared/contract/audit';
import type { Company, CompanyDetail } from '../../shared/contract/companies';
import type { CreditEntry } from '../../shared/contract/credits';
import type { Need } from '../../shared/contract/needs';
import type { Offer } from '../../shared/contract/offers';
import type { Room } from '../../shared/contract/rooms';
import type { User } from '../../shared/contract/users';

export interface ApiRecord {
  _id: string;
  [field: string]: unknown;
}

/** The API's `_id` as react-admin's `id`; keys are remapped, not `Omit`ted, so that an index signature (a company's run-time balance) keeps the named fields. */
export type ConsoleRecord<Api extends { _id: string }> = { [Key in keyof Api as Key extends '_id' ? never : Key]: Api[Key] } & { id: string };

/** The console's records, typed by the contract: renaming a field there fails the type check here. */
export type AdminRecord = ConsoleRecord<Admin>;
export type UserRecord = ConsoleRecord<User>;
export type CompanyRecord = ConsoleRecord<Company>;
export type CompanyDetailRecord = ConsoleRecord<CompanyDetail>;
export type OfferRecord = ConsoleRecord<Offer>;
export type NeedRecord = ConsoleRecord<Need>;
export type RoomRecord = ConsoleRecord<Room>;
export type CreditEntryRecord = ConsoleRecord<CreditEntry>;
export type AuditEventRecord = ConsoleRecord<AuditEvent>;

/** `_id` becomes react-admin's `id` here, and nowhere else. */
export function toRecord<Api extends { _id: string }>(apiRecord: Api): ConsoleRecord<Api>;
// One signature for the callers; the body works on the plain shape, which TypeScript cannot map through a spread.
export function toRecord(apiRecord: { _id: string }): RaRecord {
  const { _id, ...fields } = apiRecord;
  return { ...fields, id: _id };
}

export function toApiRecord(record: RaRecord): ApiRecord {
  const { id, ...fields } = record;
  return { _id: String(id), ...fields };
}

/** The fields to send on create or update: never the id, which the path carries. */
export function toPayload(data: Partial<RaRecord>): Record<string, unknown> {
  const { id: _ignoredId, _id: _ignoredApiId, ...fields } = data as Record<string, unknown>;
  return fields;
}
