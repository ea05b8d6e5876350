import type { ErrorCode } from '../../shared/catalogue/errorCodes';

/** A refusal the client should see: answered as `{ok:false, code}` with `status`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
  ) {
    super(code);
  }
}

/** The error handler adds `Retry-After`. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED');
  }
}

/** 401 MFA_REQUIRED with the token the second step trades for a session, and the factors it may use; the error handler answers both. */
export class MfaRequiredError extends AppError {
  constructor(
    readonly mfaToken: string,
    readonly methods: ('totp' | 'passkey')[],
  ) {
    super(401, 'MFA_REQUIRED');
  }
}

/** 409 with what still hangs on the record, by kind (`{ users: 2, offers: 1 }`): the answer carries `counts`. */
export class CountedRefusal extends AppError {
  constructor(
    code: ErrorCode,
    readonly counts: Record<string, number>,
  ) {
    super(409, code);
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND');

/** The error handler adds `Retry-After`. */
export const databaseUnavailable = () => new AppError(503, 'DATABASE_UNAVAILABLE');
