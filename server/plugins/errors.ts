import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../shared/catalogue/errorCodes';
import { describeDatabaseError, isDatabaseUnavailable, isForeignKeyViolation } from '../lib/dbErrors';
import { AppError, CountedRefusal, databaseUnavailable, MfaRequiredError, RateLimitedError } from '../lib/errors';
import { recordDatabaseError } from '../lib/metrics';
import { ValidationError } from '../lib/validation';
import { StaleRecordError } from '../lib/versions';

const frameworkCodes: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'VALIDATION_ERROR' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON' },
};

const DATABASE_RETRY_AFTER_SECONDS = 5;

/** `{ok:false, code}` for every refusal; a 5xx never shows its details. */
export const errorEnvelopePlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((thrown: FastifyError | AppError | Error, request, reply) => {
    let error = thrown;
    if (isDatabaseUnavailable(thrown)) {
      recordDatabaseError('query');
      // Without the statement or its values: the driver's code and message say what happened.
      request.log.warn(`database unavailable: ${describeDatabaseError(thrown)}`);
      error = databaseUnavailable();
    }
    if (error instanceof AppError && error.code === ErrorCode.DATABASE_UNAVAILABLE) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    if (error instanceof ValidationError) {
      return reply.status(error.status).send({ ok: false, code: error.code, errors: error.fieldErrors });
    }
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof CountedRefusal) return reply.status(error.status).send({ ok: false, code: error.code, counts: error.counts });
    if (error instanceof StaleRecordError) return reply.status(error.status).send({ ok: false, code: error.code, data: error.current });
    if (error instanceof MfaRequiredError)
      return reply.status(error.status).send({ ok: false, code: error.code, mfa_token: error.mfaToken, mfa_methods: error.methods });
    if (error instanceof AppError) {
      return reply.status(error.status).send({ ok: false, code: error.code });
    }
    if (isForeignKeyViolation(error)) return reply.status(409).send({ ok: false, code: ErrorCode.REFERENCE_GONE });
    const known = 'code' in error && typeof error.code === 'string' ? frameworkCodes[error.code] : undefined;
    if (known) return reply.status(known.status).send({ ok: false, code: known.code });
    if (error instanceof SyntaxError) return reply.status(400).send({ ok: false, code: ErrorCode.INVALID_JSON });
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ ok: false, code: status === 429 ? ErrorCode.RATE_LIMITED : ErrorCode.VALIDATION_ERROR });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ ok: false, code: ErrorCode.INTERNAL_ERROR });
  });
});
