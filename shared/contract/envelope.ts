import { z } from 'zod';
import { ErrorCode } from '../catalogue/errorCodes';
import { idSchema } from './primitives';

/** Answers are strict objects, so that a field the contract does not name fails the tests' response check instead of leaking. */
export const okAnswer = z.strictObject({ ok: z.literal(true) });
export const dataAnswer = <Data extends z.ZodType>(data: Data) => z.strictObject({ ok: z.literal(true), data });
/** `total` is exact up to a bound, an estimate past it (`total_exact: false`): a large match costs no full count. */
export const pageTotal = { total: z.number().int().min(0), total_exact: z.boolean() };
export const pageAnswer = <Row extends z.ZodType>(row: Row) => z.strictObject({ ok: z.literal(true), data: z.array(row), ...pageTotal });

export const refusal = z
  .strictObject({
    ok: z.literal(false),
    code: z.enum(ErrorCode),
    /** VALIDATION_ERROR: the first problem of each offending field. */
    errors: z.record(z.string(), z.string()).optional(),
    /** COMPANY_NOT_EMPTY, RECORD_IN_USE: what still belongs to the company, or links to the record, by kind. */
    counts: z.record(z.string(), z.number()).optional(),
    /** STALE_RECORD (docs/concurrency.md): the record as its GET answers it now; for a bulk call, `{ [id]: version }` of the stale rows. */
    data: z.unknown().optional(),
    /** MFA_REQUIRED: the short-lived proof of the password, traded with a code at `POST /admin/signin/mfa`. */
    mfa_token: z.string().optional(),
    /** MFA_REQUIRED: the second factors the admin has, so that the console offers those. */
    mfa_methods: z.array(z.enum(['totp', 'passkey'])).optional(),
  })
  .meta({ id: 'Refusal' });

/** The refusal as one status of one route answers it: its codes only, and the fields those codes carry. */
export const refusalOf = (codes: readonly [ErrorCode, ...ErrorCode[]]) => {
  const { ok, code, errors, counts, data, mfa_token, mfa_methods } = refusal.shape;
  const carries = (...which: ErrorCode[]) => codes.some((one) => which.includes(one));
  return z.strictObject({
    ok,
    code: code.extract(codes),
    ...(carries('VALIDATION_ERROR') ? { errors } : {}),
    ...(carries('COMPANY_NOT_EMPTY', 'RECORD_IN_USE') ? { counts } : {}),
    ...(carries('STALE_RECORD') ? { data } : {}),
    ...(carries('MFA_REQUIRED') ? { mfa_token, mfa_methods } : {}),
  });
};

export const idParams = z.object({ id: idSchema });

/** The 200 answer of a `POST /x/export`: its body is the list's search body, page ignored; a refusal always comes before the first byte. */
export const csvAnswer = (columns: string) => ({
  description: `CSV attachment, \`{list}-YYYY-MM-DD.csv\`: UTF-8 with BOM, \`;\`-separated, CRLF lines; text that a spreadsheet would run as a formula starts with \`'\`. Columns: ${columns}.`,
  content: { 'text/csv': { schema: z.string() } },
});
