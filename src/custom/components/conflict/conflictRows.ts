import type { RaRecord } from 'react-admin';

/** One field another admin changed: their value (the record now) beside the admin's own (the form's). */
export interface ConflictRow {
  field: string;
  theirs: unknown;
  yours: unknown;
}

/** Bookkeeping that moves with every save and that no form edits. */
const NOT_COMPARED = new Set(['id', '_id', 'version', 'created_at', 'updated_at']);
/** A balance only moves through the ledger: the console never saves it, so it is never the admin's to keep or overwrite. */
const LEDGER_BALANCE = /_balance$/;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields the other admin changed since `base` (the form's start) that the admin's save carries, in the record's order. */
export function conflictRows(base: Partial<RaRecord> | undefined, current: RaRecord, yours: Partial<RaRecord>): ConflictRow[] {
  const before = (base ?? {}) as Record<string, unknown>;
  const mine = yours as Record<string, unknown>;
  return Object.keys({ ...before, ...current })
    .filter((field) => !NOT_COMPARED.has(field) && !LEDGER_BALANCE.test(field) && Object.hasOwn(mine, field))
    .filter((field) => !same(current[field], before[field]))
    .map((field) => ({ field, theirs: current[field], yours: mine[field] }));
}

/** A value as the dialog shows it: text, 'Yes'/'No', a list joined by commas; '—' for nothing. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
