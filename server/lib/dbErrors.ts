import { AppError } from './errors';

/** Outermost first: Drizzle wraps the driver's error in `cause`. */
function* causes(error: unknown): Generator<object> {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

const codeOf = (error: object): string | undefined => ('code' in error && typeof error.code === 'string' ? error.code : undefined);

function sqlState(error: unknown): string | undefined {
  for (const current of causes(error)) {
    const code = codeOf(current);
    if (code && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * A database going away or refusing connections: class 08 (PgBouncer's refusals among them, 08P01), 57P01–57P03
 * (terminated, crashed, starting), 53300 (no slot left), 55000 (not allowing connections now), and after a failover
 * 3D000 (no such database yet) or class 28 (sign-in refused).
 */
const UNAVAILABLE_STATE = /^(08...|57P0[123]|53300|55000|3D000|28...)$/;
/** Of those, what a server cannot outwait at start: a wrong database or role in its configuration. */
const MISCONFIGURED_STATE = /^(3D000|28...)$/;
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** A Unix socket's file missing or closed to us: only when connecting, since a missing upload file is ENOENT too. */
const UNAVAILABLE_ON_CONNECT = new Set(['ENOENT', 'EACCES']);
/** The server's certificate refused (wrong CA, name or dates): a configuration to fix at start, a 503 later (a rotated certificate). */
const CERTIFICATE_REFUSED =
  /^(ERR_TLS_CERT_ALTNAME_INVALID|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?|CERT_HAS_EXPIRED|CERT_NOT_YET_VALID|CERT_UNTRUSTED|CERT_REJECTED|CERT_SIGNATURE_FAILURE)$/;
/** Any other TLS handshake failure (OpenSSL's ERR_SSL_…, Node's ERR_TLS_…). */
const TLS_FAILURE = /^ERR_(SSL|TLS)_/;
/**
 * node-postgres says these in words only: a connection cut, not opened or not answering in time, or a client left
 * broken; PgBouncer's refusals are matched by words too, in case a pooler sends them without a state.
 */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|is not queryable|the listening connection|Query read timeout|does not support SSL connections|no more connections allowed|server login retry|query_wait_timeout|server conn crashed|pgbouncer cannot connect to server|client_login_timeout/;
/** At start, as a misconfiguration: the server (or pooler) speaks no TLS though the URL asks for it. */
const MISCONFIGURED_MESSAGE = /does not support SSL connections/;

function unavailableCode(error: object): boolean {
  const code = codeOf(error);
  if (!code) return false;
  if (UNAVAILABLE_STATE.test(code) || UNAVAILABLE_SOCKET.has(code) || CERTIFICATE_REFUSED.test(code) || TLS_FAILURE.test(code)) return true;
  return UNAVAILABLE_ON_CONNECT.has(code) && 'syscall' in error && error.syscall === 'connect';
}

/** The call may succeed once the database is back (503). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of causes(error)) {
    if (unavailableCode(current)) return true;
    if (current instanceof Error && UNAVAILABLE_MESSAGE.test(current.message)) return true;
  }
  return false;
}

/** At start, a configuration to fix, not to wait out. */
export function isMisconfigured(error: unknown): boolean {
  if (MISCONFIGURED_STATE.test(sqlState(error) ?? '')) return true;
  return [...causes(error)].some(
    (current) => CERTIFICATE_REFUSED.test(codeOf(current) ?? '') || (current instanceof Error && MISCONFIGURED_MESSAGE.test(current.message)),
  );
}

/** Never the client object: it holds connection parameters. */
export function describeDatabaseError(error: unknown): string {
  const innermost = [...causes(error)].pop();
  if (!innermost) return String(error);
  const code = codeOf(innermost);
  const message = innermost instanceof Error ? innermost.message : String(innermost);
  return code ? `${code} ${message}` : message;
}

/** 23505 (an e-mail taken meanwhile). */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/** 23503 (a company deleted while a user was attached to it). */
export const isForeignKeyViolation = (error: unknown): boolean => sqlState(error) === '23503';

export const isUnknownPreparedStatement = (error: unknown): boolean => sqlState(error) === '26000';

/** For `.catch` after a write that may hit the e-mail's unique index. */
export function refuseTakenEmail(error: unknown): never {
  throw isUniqueViolation(error) ? new AppError(409, 'EMAIL_TAKEN') : error;
}
