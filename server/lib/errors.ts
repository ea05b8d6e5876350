import type { ErrorCode } from '../../src/catalogue/errorCodes';

/** A refusal the client should see: the error handler answers `{ok:false, code}` with `status`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
  ) {
    super(code);
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND');
