import { AppError } from './errors';

/** The error and its causes, outermost first: Drizzle wraps the driver's error in `cause`. */
function* causes(error: unknown): Generator<object> {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth += 1) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

const codeOf = (error: object): string | undefined => ('code' in error && typeof error.code === 'string' ? error.code : undefined);

/** The SQLSTATE of a Postgres error. */
function sqlState(error: unknown): string | undefined {
  for (const current of causes(error)) {
    const code = codeOf(current);
    if (code && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * SQLSTATEs of a database that is going away or not taking connections: class 08 (connection exception), 57P01–57P03
 * (terminated by an administrator, a crash, or still starting), 53300 (no connection slot left), 55000 (the database
 * does not allow connections now), and after a failover 3D000 (no such database yet) or class 28 (sign-in refused).
 */
const UNAVAILABLE_STATE = /^(08...|57P0[123]|53300|55000|3D000|28...)$/;
/** Of those, what a server cannot outwait at start: its configuration names a database or a role that is wrong. */
const MISCONFIGURED_STATE = /^(3D000|28...)$/;
/** The socket's own failures, as Node reports them. */
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** node-postgres says these in words only: a connection cut, not opened or not answering within its timeouts, or a client left broken. */
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|is not queryable|the listening connection|Query read timeout/;

/** Whether the database could not be reached or dropped the connection: the call may succeed once it is back (503). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of causes(error)) {
    const code = codeOf(current);
    if (code && (UNAVAILABLE_STATE.test(code) || UNAVAILABLE_SOCKET.has(code))) return true;
    if (current instanceof Error && UNAVAILABLE_MESSAGE.test(current.message)) return true;
  }
  return false;
}

/** Whether the database refused this server's sign-in or does not exist: at start, a configuration to fix, not to wait out. */
export const isMisconfigured = (error: unknown): boolean => MISCONFIGURED_STATE.test(sqlState(error) ?? '');

/** One line for the log: the code and the driver's message, never the client object (it holds connection parameters). */
export function describeDatabaseError(error: unknown): string {
  const innermost = [...causes(error)].pop();
  if (!innermost) return String(error);
  const code = codeOf(innermost);
  const message = innermost instanceof Error ? innermost.message : String(innermost);
  return code ? `${code} ${message}` : message;
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
