import { describe, expect, it } from 'vitest';
import { describeDatabaseError, isDatabaseUnavailable, isMisconfigured } from '../../server/lib/dbErrors';

/** A driver's error as Drizzle wraps it (its message names the statement and its values). */
function wrapped(message: string, fields: Record<string, unknown> = {}): Error {
  return new Error('Failed query: select 1\nparams: secret', { cause: Object.assign(new Error(message), fields) });
}

/** Every way the database can be away, as node-postgres, Node's sockets and TLS, PostgreSQL and PgBouncer say it. */
const away: Record<string, Error> = {
  'refused over TCP': wrapped('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', syscall: 'connect' }),
  'refused on the Unix socket (no one listening)': wrapped('connect ECONNREFUSED /run/postgresql/.s.PGSQL.5432', { code: 'ECONNREFUSED', syscall: 'connect' }),
  reset: wrapped('read ECONNRESET', { code: 'ECONNRESET', syscall: 'read' }),
  'timed out': wrapped('connect ETIMEDOUT 10.0.0.5:5432', { code: 'ETIMEDOUT', syscall: 'connect' }),
  'socket file missing': wrapped('connect ENOENT /var/run/postgresql/.s.PGSQL.5432', { code: 'ENOENT', syscall: 'connect' }),
  'DNS lookup failing for now': wrapped('getaddrinfo EAI_AGAIN db.internal', { code: 'EAI_AGAIN', syscall: 'getaddrinfo' }),
  'DNS name unknown': wrapped('getaddrinfo ENOTFOUND db.internal', { code: 'ENOTFOUND', syscall: 'getaddrinfo' }),
  'TLS handshake cut': wrapped('Client network socket disconnected before secure TLS connection was established', { code: 'ECONNRESET' }),
  'TLS handshake failing': wrapped('SSL routines::wrong version number', { code: 'ERR_SSL_WRONG_VERSION_NUMBER' }),
  'TLS handshake timing out': wrapped('TLS handshake timeout', { code: 'ERR_TLS_HANDSHAKE_TIMEOUT' }),
  'certificate refused': wrapped('self-signed certificate in certificate chain', { code: 'SELF_SIGNED_CERT_IN_CHAIN' }),
  'certificate name refused': wrapped("Hostname/IP does not match certificate's altnames", { code: 'ERR_TLS_CERT_ALTNAME_INVALID' }),
  'server without TLS': wrapped('The server does not support SSL connections'),
  'shutting down (57P01)': wrapped('terminating connection due to administrator command', { code: '57P01' }),
  'crashed (57P02)': wrapped('terminating connection due to crash of another server process', { code: '57P02' }),
  'starting up (57P03)': wrapped('the database system is starting up', { code: '57P03' }),
  'too many connections (53300)': wrapped('sorry, too many clients already', { code: '53300' }),
  'connection failure (08006)': wrapped('connection failure', { code: '08006' }),
  'cannot connect now (08001)': wrapped('could not connect to server', { code: '08001' }),
  'PgBouncer: no more connections allowed': wrapped('no more connections allowed (max_client_conn)', { code: '08P01' }),
  'PgBouncer: server login retry': wrapped('server login has been failing, try again later (server_login_retry)', { code: '08P01' }),
  'PgBouncer: query_wait_timeout': wrapped('query_wait_timeout', { code: '08P01' }),
  'PgBouncer: server conn crashed': wrapped('server conn crashed?', { code: '08P01' }),
  'PgBouncer: cannot connect to server': wrapped('pgbouncer cannot connect to server', { code: '08P01' }),
  'PgBouncer, without a state': wrapped('no more connections allowed (max_client_conn)'),
  'node-postgres: connection ended': wrapped('Connection terminated unexpectedly'),
  'node-postgres: connect timeout': wrapped('timeout exceeded when trying to connect'),
};

const notAway: Record<string, Error> = {
  'a missing file that is not a socket': Object.assign(new Error("ENOENT: no such file or directory, open '/data/uploads/x.png'"), {
    code: 'ENOENT',
    syscall: 'open',
  }),
  'a unique violation': wrapped('duplicate key value violates unique constraint', { code: '23505' }),
  'a syntax error': wrapped('syntax error at or near "selec"', { code: '42601' }),
  'a prepared statement already there': wrapped('prepared statement "first_page_1" already exists', { code: '42P05' }),
  'anything else': new Error('boom'),
};

describe('the database being away', () => {
  it.each(Object.entries(away))('is %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each(Object.entries(notAway))('is not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('is a configuration to fix at start when the server’s certificate is refused or it speaks no TLS, not when the network fails', () => {
    const misconfigured = Object.entries(away)
      .filter(([, error]) => isMisconfigured(error))
      .map(([name]) => name);
    expect(misconfigured).toEqual(['certificate refused', 'certificate name refused', 'server without TLS']);
  });

  it('is described without the socket path’s statement or values', () => {
    expect(describeDatabaseError(away['socket file missing'])).toBe('ENOENT connect ENOENT /var/run/postgresql/.s.PGSQL.5432');
    expect(describeDatabaseError(away['socket file missing'])).not.toContain('secret');
  });
});
