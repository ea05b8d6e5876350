import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openThrowawayDatabase } from '../../server/db/throwaway';
import { admins } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { hashPassword } from '../../server/lib/passwords';
import { callServer, expectOnlySuccessOr503, outageTraffic, recoveredAfter } from '../helpers/outageTraffic';
import { startPostgresProxy, type PostgresProxy } from '../helpers/postgresProxy';
import { freePort, startServerProcess, type ServerProcess } from '../helpers/serverProcess';

// Runs in the PostgreSQL pass only. The server reaches its throw-away database over a Unix socket this test owns (a
// proxy to the cluster's), so "PostgreSQL stopped" is the socket file gone for this server alone.
const PASSWORD = 'socket-outage-pass-1';
/** The bounds: away 8 s, serving again within 5 s of the return. */
const AWAY_MS = 8_000;
const RECOVERY_MS = 5_000;

let database: Awaited<ReturnType<typeof openThrowawayDatabase>>;
let direct: pg.Client;
let proxy: PostgresProxy;
let server: ServerProcess;
let base: string;

beforeAll(async () => {
  database = await openThrowawayDatabase();
  const databaseName = new URL(database.url as string).pathname.slice(1);
  direct = new pg.Client({ connectionString: database.pooling?.databaseDirectUrl ?? database.url });
  await direct.connect();
  proxy = await startPostgresProxy(process.env.DATABASE_DIRECT_URL ?? (process.env.DATABASE_URL as string), 'unix');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startServerProcess({ DATABASE_URL: proxy.urlFor(databaseName), DATABASE_QUERY_TIMEOUT_MS: '2000', PORT: String(port), LOG_LEVEL: 'info' });
  for (let waited = 0; (await callServer(base, 'GET', '/api/ready').catch(() => undefined))?.status !== 200; waited += 100) {
    if (waited > 45_000 || server.child.exitCode !== null) throw new Error(`the server did not start:\n${(server.stdout() + server.stderr()).slice(-3_000)}`);
    await sleep(100);
  }
});

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await proxy?.close();
  await direct?.end();
  await database?.close();
});

describe('PostgreSQL over a Unix socket, stopped under traffic', () => {
  it('answers 503 DATABASE_UNAVAILABLE while the socket file is gone, never a 500, serves within 5 s of its return and loses no acknowledged write', async () => {
    await database.db
      .insert(admins)
      .values({ id: newId(), name: 'Socket', email: 'socket@example.com', passwordHash: await hashPassword(PASSWORD), role: 'owner' });
    const signIn = await callServer(base, 'POST', '/api/admin/signin', undefined, { email: 'socket@example.com', password: PASSWORD });
    const token = (signIn.body as { token: string }).token;
    const flow = outageTraffic(base, token, 'socket');
    await sleep(500);
    await proxy.setMode('absent');
    const awayAt = Date.now();
    await sleep(AWAY_MS / 2);
    const ready = await callServer(base, 'GET', '/api/ready');
    await sleep(AWAY_MS / 2);
    await proxy.setMode('forward');
    const backAt = Date.now();
    await sleep(RECOVERY_MS);
    await flow.stop();

    expect(server.child.exitCode).toBeNull();
    expect(ready).toMatchObject({ status: 503, body: { ok: false, code: 'DATABASE_UNAVAILABLE' } });
    expectOnlySuccessOr503(flow.answers);
    const during = flow.answers.filter((answer) => answer.sentAt > awayAt + 500 && answer.sentAt < backAt - 500);
    expect(during.length).toBeGreaterThan(5);
    expect(during.every((answer) => answer.status === 503)).toBe(true);
    expect(recoveredAfter(flow.answers, backAt)).toBeLessThan(RECOVERY_MS);
    expect(flow.acknowledged.length).toBeGreaterThan(5);
    const { rows } = await direct.query<{ email: string }>('SELECT email FROM admins WHERE email = ANY($1)', [flow.acknowledged]);
    expect(rows.map((row) => row.email).sort()).toEqual([...flow.acknowledged].sort());
    // The missing socket is named by its code, never by the URL.
    expect(server.stdout() + server.stderr()).toContain('ENOENT');
  }, 60_000);
});
