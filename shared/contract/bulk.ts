import { z } from 'zod';
import { ErrorCode } from '../catalogue/errorCodes';
import { idSchema } from './primitives';
import { bulkVersions } from './versions';

/** The most rows one bulk call acts on: a list's selection, a few pages at most. */
export const BULK_MAX_IDS = 100;

export const bulkIds = z
  .array(idSchema)
  .min(1)
  .max(BULK_MAX_IDS)
  .refine((ids) => new Set(ids).size === ids.length, 'each id once');

export const bulkIdsBody = z.object({ ids: bulkIds });

/** `versions`: each row's version as the client shows it; one stale row refuses the whole call (409 STALE_RECORD, `data`: `{ [id]: version }`). */
export const versionedBulkIdsBody = bulkIdsBody.extend({ versions: bulkVersions.optional() });

/** A versioned bulk body whose versions each name one of its rows. */
export const versionsOfItsRows = <Schema extends z.ZodType<{ ids: string[]; versions?: Record<string, number> }>>(schema: Schema) =>
  schema.refine(({ ids, versions }) => Object.keys(versions ?? {}).every((id) => ids.includes(id)), {
    message: 'a version for a row not in ids',
    path: ['versions'],
  });

export const bulkDeleteBody = versionsOfItsRows(versionedBulkIdsBody);

/** Per row, in the order of `ids`: done, or refused with the one-row call's code (and counts); refused rows are left as they were. */
export const bulkAnswer = z
  .strictObject({
    ok: z.literal(true),
    results: z.array(
      z.strictObject({
        id: idSchema,
        ok: z.boolean(),
        code: z.enum(ErrorCode).optional(),
        counts: z.record(z.string(), z.number()).optional(),
      }),
    ),
  })
  .meta({ id: 'BulkAnswer' });

export type BulkAnswer = z.infer<typeof bulkAnswer>;
export type BulkRowResult = BulkAnswer['results'][number];
