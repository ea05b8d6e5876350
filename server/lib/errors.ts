import type { ErrorCode } from '../../shared/catalogue/errorCodes';

/** A refusal the client should see: the error handler answers `{ok:false, code}` with `status`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
  ) {
    super(code);
  }
}

/** 429 RATE_LIMITED; the error handler adds `Retry-After` with the seconds to wait. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED');
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND');

/** 503 DATABASE_UNAVAILABLE: the database cannot be reached; the error handler adds `Retry-After`. */
export const databaseUnavailable = () => new AppError(503, 'DATABASE_UNAVAILABLE');
