import { z } from 'zod';
import { idSchema } from './primitives';

/** Optimistic concurrency (docs/concurrency.md): an update or delete sending back the version read applies only while it is current, else 409 STALE_RECORD. */
export const versionSchema = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1)
  .describe('The version of the record the client edited: the update is refused with 409 STALE_RECORD unless it is the current one.');

export const recordVersion = z.number().int().min(1).describe('The record’s version: 1 when created, one more with each change; its read’s ETag.');

export const versionETag = (version: number): string => `"${version}"`;

/** `"3"` (as the ETag was sent), `W/"3"` or `3`; `*` names no version (any current record matches). */
const IF_MATCH = /^(?:\*|(?:W\/)?"(\d{1,10})"|(\d{1,10}))$/;

/** The version an If-Match names; undefined for `*`; null when the header is none of the accepted forms. */
export function versionOfIfMatch(header: string): number | undefined | null {
  const match = IF_MATCH.exec(header.trim());
  if (!match) return null;
  const digits = match[1] ?? match[2];
  if (digits === undefined) return undefined;
  const version = Number(digits);
  return versionSchema.safeParse(version).success ? version : null;
}

/** The request headers of an update or delete; the others pass through untouched. */
export const versionHeaders = z.looseObject({
  'if-match': z
    .string()
    .refine((header) => versionOfIfMatch(header) !== null, 'If-Match is the version read, as its ETag sent it: "3" (W/"3" and 3 also do)')
    .optional()
    .describe(
      'The version of the record the client edited, as the read’s ETag sent it (`"3"`; `W/"3"` and `3` also do). A stale one is refused with 409 STALE_RECORD, whose `data` is the record as it now is. Takes precedence over a `version` in the body.',
    ),
  'x-overwrite': z
    .string()
    .optional()
    .describe('`true`: the client saves over a newer record on purpose, with its current version (“Overwrite with mine”); audited as `overwrite`.'),
});

/** Bulk deletes: the version of each selected row the client has, `{ [id]: version }`; rows it leaves out are not checked. */
export const bulkVersions = z.record(idSchema, versionSchema);
