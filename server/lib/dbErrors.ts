import { AppError } from './errors';

/** The SQLSTATE of a Postgres error; Drizzle may wrap the driver's error in `cause`. */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth += 1) {
    if (typeof current === 'object' && 'code' in current && typeof (current as { code?: unknown }).code === 'string') {
      const code = (current as { code: string }).code;
      if (/^[0-9A-Z]{5}$/.test(code)) return code;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** 23505: a unique index refused the row (an e-mail taken meanwhile). */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/** 23503: the row names a record that no longer exists (a company deleted while a user was attached to it). */
export const isForeignKeyViolation = (error: unknown): boolean => sqlState(error) === '23503';

/** 26000: no prepared statement of that name in the session. */
export const isUnknownPreparedStatement = (error: unknown): boolean => sqlState(error) === '26000';

/** For `.catch` after a write that may hit the e-mail's unique index: 409 EMAIL_TAKEN, anything else as it came. */
export function refuseTakenEmail(error: unknown): never {
  throw isUniqueViolation(error) ? new AppError(409, 'EMAIL_TAKEN') : error;
}
