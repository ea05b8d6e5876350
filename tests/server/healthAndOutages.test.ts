import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDatabaseError, isDatabaseUnavailable, isMisconfigured } from '../../server/lib/dbErrors';
import { errorEnvelopePlugin } from '../../server/plugins/errors';
import { buildTestServer, type TestServer } from '../helpers/testServer';

/** An error as node-postgres raises it, wrapped as Drizzle wraps it (its message names the statement and its values). */
function driverError(fields: { code?: string; message: string }): Error {
  const cause = Object.assign(new Error(fields.message), fields.code ? { code: fields.code } : {});
  return new Error('Failed query: select * from admins where email = $1\nparams: secret@example.com', { cause });
}

const unavailable = [
  driverError({ code: '57P01', message: 'terminating connection due to administrator command' }),
  driverError({ code: '57P03', message: 'the database system is starting up' }),
  driverError({ code: '08006', message: 'connection failure' }),
  driverError({ code: '53300', message: 'sorry, too many clients already' }),
  driverError({ code: '55000', message: 'database "admin" is not currently accepting connections' }),
  driverError({ code: '3D000', message: 'database "admin" does not exist' }),
  driverError({ code: '28P01', message: 'password authentication failed for user "app"' }),
  driverError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }),
  driverError({ message: 'Connection terminated unexpectedly' }),
  driverError({ message: 'timeout exceeded when trying to connect' }),
  driverError({ message: 'Query read timeout' }),
  driverError({ message: 'Client has encountered a connection error and is not queryable' }),
];
const otherFailures = [
  driverError({ code: '23505', message: 'duplicate key value' }),
  driverError({ code: '42P01', message: 'relation does not exist' }),
  new Error('boom'),
];

describe('a database that cannot be reached', () => {
  it('is told apart from every other failure, through Drizzle’s wrapping', () => {
    for (const error of unavailable) expect(isDatabaseUnavailable(error), describeDatabaseError(error)).toBe(true);
    for (const error of otherFailures) expect(isDatabaseUnavailable(error), describeDatabaseError(error)).toBe(false);
  });

  it('is waited out at start, unless the configuration names a database or a role the server refuses', () => {
    const misconfigured = unavailable.filter((error) => isMisconfigured(error)).map((error) => describeDatabaseError(error).slice(0, 5));
    expect(misconfigured).toEqual(['3D000', '28P01']);
  });

  it('is described in one line: the driver’s code and message, never the statement or its values', () => {
    const described = describeDatabaseError(unavailable[0]);
    expect(described).toBe('57P01 terminating connection due to administrator command');
    expect(described).not.toContain('secret@example.com');
  });

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After; any other failure stays a 500 INTERNAL_ERROR', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorEnvelopePlugin);
    app.get('/away/:index', async (request) => {
      throw unavailable[Number((request.params as { index: string }).index)];
    });
    app.get('/broken', async () => {
      throw otherFailures[1];
    });
    for (const [index] of unavailable.entries()) {
      const answer = await app.inject({ method: 'GET', url: `/away/${index}` });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ ok: false, code: 'DATABASE_UNAVAILABLE' });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    const broken = await app.inject({ method: 'GET', url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.headers['retry-after']).toBeUndefined();
    await app.close();
  });
});

describe('liveness and readiness', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer();
  });
  afterAll(() => server.close());

  it('/api/health answers without asking the database; /api/ready once every migration is applied', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ ok: true });
    const ready = await server.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true });
  });

  it('/api/ready answers 503 when the database lacks a migration of this build', async () => {
    const [last] = (
      (await server.app.db.execute(sql`select id from drizzle.__drizzle_migrations order by id desc limit 1`)) as unknown as { rows: Array<{ id: number }> }
    ).rows;
    await server.app.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last?.id}`);
    const ready = await server.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ ok: false, code: 'DATABASE_UNAVAILABLE' });
    expect(ready.headers['retry-after']).toBeDefined();
    expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
