import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import type { Config } from '../../server/config';
import { admins } from '../../server/db/schema';
import { openThrowawayDatabase } from '../../server/db/throwaway';
import { callServer, expectOnlySuccessOr503, outageTraffic, recoveredAfter } from '../helpers/outageTraffic';
import { startPgBouncer, type PgBouncer } from '../helpers/pgbouncer';
import { postgresStatementsSent } from '../helpers/statements';
import { freePort, startServerProcess } from '../helpers/serverProcess';
import { insertAdmin, signIn, TEST_PASSWORD, testConfig } from '../helpers/testServer';

// Runs in the PostgreSQL pass only: servers whose DATABASE_URL is a PgBouncer in transaction mode (started here, on a
// port of its own) and whose DATABASE_DIRECT_URL reaches the cluster through the same socket proxy as the pooler, so
// that cutting that proxy is PostgreSQL restarting behind the pooler for these servers alone.
const clusterUrl = process.env.DATABASE_DIRECT_URL ?? (process.env.DATABASE_URL as string);
/** The bounds: away 8 s, serving again within 5 s of the return. */
const AWAY_MS = 8_000;
const RECOVERY_MS = 5_000;

let pooler: PgBouncer;
let database: Awaited<ReturnType<typeof openThrowawayDatabase>>;
const apps: FastifyInstance[] = [];
const uploadDirs: string[] = [];

/** A server as an operator configures it behind the pooler. */
async function pooledServer(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const uploadDir = mkdtempSync(join(tmpdir(), 'ap-uploads-'));
  uploadDirs.push(uploadDir);
  const app = await buildApp(testConfig({ uploadDir, databaseUrl: database.url, ...database.pooling, ...overrides }), { logger: false });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  pooler = await startPgBouncer(clusterUrl);
  database = await openThrowawayDatabase(pooler.urlFor('postgres'), undefined, { directServerUrl: pooler.backend.urlFor('postgres') });
});

afterAll(async () => {
  try {
    for (const app of apps) app.server.closeAllConnections();
    await Promise.all(apps.map((app) => app.close()));
    await pooler?.backend.setMode('forward');
    await database?.close();
    await pooler?.stop();
  } finally {
    for (const dir of uploadDirs) rmSync(dir, { recursive: true, force: true });
  }
  // Closing the servers, the database and PgBouncer took over the default 60 s once in a full loaded run (26 s alone for the whole file).
}, 120_000);

describe('behind PgBouncer in transaction mode', () => {
  it('answers a burst of 200 searches and 50 writes at once with no 5xx: no named statement crosses the pooler', async () => {
    const app = await pooledServer();
    const { token } = await signIn(app, (await insertAdmin(app)).email);
    const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      app.inject({ method, url: `/api${url}`, headers: { authorization: `JWT ${token}` }, ...(payload === undefined ? {} : { payload }) });
    const created = await call('POST', '/company', { name: 'Burst first', logo_url: 'https://example.com/logo.png' });
    expect(created.statusCode, created.body).toBe(200);
    const first = created.json<{ data: { _id: string } }>().data._id;
    // The first page without criteria runs as a named statement on a direct connection; reads by id too (reusableSelect).
    const searches = Array.from({ length: 200 }, (_, index) =>
      index % 4 === 3
        ? call('GET', `/company/${first}`)
        : call('POST', '/company/search', index % 4 === 2 ? { search: 'Burst', offset: 0 } : index % 4 === 1 ? { offset: 10 } : { offset: 0 }),
    );
    const writes = Array.from({ length: 50 }, (_, index) => call('POST', '/company', { name: `Burst ${index}`, logo_url: 'https://example.com/logo.png' }));
    const answers = await Promise.all([...searches, ...writes]);
    const failed = answers.filter((answer) => answer.statusCode >= 500).map((answer) => `${answer.statusCode} ${answer.body}`);
    expect(failed).toEqual([]);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const total = (await call('POST', '/company/search', { offset: 0 })).json<{ total: number }>().total;
    expect(total).toBe(51);
  });

  it('sends no statement by name through the pooler, on the pool or in a transaction', async () => {
    const app = await pooledServer();
    const { token } = await signIn(app, (await insertAdmin(app)).email);
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
      app.inject({ method, url: `/api${url}`, headers: { authorization: `JWT ${token}` }, ...(payload === undefined ? {} : { payload }) });
    const sent = await postgresStatementsSent(async () => {
      const created = (await call('POST', '/company', { name: 'Unnamed', logo_url: 'https://example.com/logo.png' })).json<{ data: { _id: string } }>();
      expect((await call('GET', `/company/${created.data._id}`)).statusCode).toBe(200);
      expect((await call('PUT', `/company/${created.data._id}`, { name: 'Unnamed again' })).statusCode).toBe(200);
      expect((await call('POST', '/company/search', { offset: 0 })).statusCode).toBe(200);
      expect((await call('GET', '/dashboard')).statusCode).toBe(200);
    });
    expect(sent.length).toBeGreaterThan(5);
    expect(sent.filter((statement) => statement.name).map((statement) => statement.name)).toEqual([]);
  });

  it('as `npm start` runs it, WORKERS=2, from the environment: 60 parallel searches over HTTP, none a 5xx', async () => {
    const { email } = await insertAdmin(await pooledServer());
    const port = await freePort();
    const server = startServerProcess({
      WORKERS: '2',
      PORT: String(port),
      DATABASE_URL: database.url,
      DATABASE_POOLER: 'transaction',
      DATABASE_DIRECT_URL: database.pooling?.databaseDirectUrl,
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let waited = 0; (await callServer(base, 'GET', '/api/ready').catch(() => undefined))?.status !== 200; waited += 100) {
        if (waited > 45_000 || server.child.exitCode !== null)
          throw new Error(`the server did not start:\n${(server.stdout() + server.stderr()).slice(-3_000)}`);
        await sleep(100);
      }
      const signedIn = await callServer(base, 'POST', '/api/admin/signin', undefined, { email, password: TEST_PASSWORD });
      const token = (signedIn.body as { token: string }).token;
      const answers = await Promise.all(Array.from({ length: 60 }, () => callServer(base, 'POST', '/api/company/search', token, { offset: 0 })));
      expect(answers.filter((answer) => answer.status !== 200).map(({ status, body }) => ({ status, body }))).toEqual([]);
      // Neither address is ever written to the log.
      const log = server.stdout() + server.stderr();
      expect(log).not.toContain(database.url as string);
      expect(log).not.toContain(database.pooling?.databaseDirectUrl as string);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 90_000);

  it('hears a session ended through another server: LISTEN goes to DATABASE_DIRECT_URL, not through the pooler', async () => {
    const [a, b] = [await pooledServer(), await pooledServer()];
    const { email } = await insertAdmin(a, { role: 'support' });
    const [laptop, office] = [(await signIn(a, email)).token, (await signIn(a, email)).token];
    const as = (app: FastifyInstance, token: string) => (method: 'GET' | 'POST') =>
      app.inject({ method, url: method === 'GET' ? '/api/admin/sessions' : '/api/admin/sessions/revoke_others', headers: { authorization: `JWT ${token}` } });
    expect((await as(b, office)('GET')).statusCode).toBe(200);
    expect((await as(a, laptop)('POST')).json()).toEqual({ ok: true, revoked: 1 });
    await vi.waitFor(async () => expect((await as(b, office)('GET')).json()).toEqual({ ok: false, code: 'UNAUTHORIZED' }), { timeout: 2_000, interval: 20 });
  });

  it('PostgreSQL restarted behind the pooler under traffic: only successes and 503s, serving within 5 s of its return, no acknowledged write lost', async () => {
    const app = await pooledServer({ databaseQueryTimeoutMs: 2_000 });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const { email } = await insertAdmin(app);
    const flow = outageTraffic(base, (await signIn(app, email)).token, 'pooled');
    await sleep(500);
    await pooler.backend.setMode('absent');
    const awayAt = Date.now();
    await sleep(AWAY_MS);
    await pooler.backend.setMode('forward');
    const backAt = Date.now();
    await sleep(RECOVERY_MS);
    await flow.stop();

    expectOnlySuccessOr503(flow.answers);
    expect(flow.answers.filter((answer) => answer.sentAt > awayAt + 500 && answer.sentAt < backAt - 500 && answer.status === 503).length).toBeGreaterThan(3);
    expect(recoveredAfter(flow.answers, backAt)).toBeLessThan(RECOVERY_MS);
    expect(flow.acknowledged.length).toBeGreaterThan(5);
    const kept = await database.db.select({ email: admins.email }).from(admins).where(inArray(admins.email, flow.acknowledged));
    expect(kept.map((row) => row.email).sort()).toEqual([...flow.acknowledged].sort());
  }, 60_000);
});
