import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openThrowawayDatabase, terminateOwnBackends } from '../../server/db/throwaway';
import { LISTENER_APPLICATION_NAME } from '../../server/db/postgresListener';
import { SESSION_CHANGES_CHANNEL } from '../../server/lib/sessionCache';
import { admins, sessions } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { hashPassword } from '../../server/lib/passwords';
import { startPostgresProxy, type PostgresProxy } from '../helpers/postgresProxy';
import { freePort, startServerProcess, type ServerProcess } from '../helpers/serverProcess';
import { callServer, expectOnlySuccessOr503, outageTraffic, recoveredAfter, type Answer } from '../helpers/outageTraffic';

// Runs in the PostgreSQL pass only. The server process reaches its throw-away database through a proxy this test
// controls, so the database can go away for it alone; the cluster keeps running for every other test.
const PASSWORD = 'outage-pass-1';
const METRICS_TOKEN = 'outage-metrics-token-0123456789';
/** The bound: serving again within 5 s of the database's return. */
const RECOVERY_MS = 5_000;
/** The server's bound on an unanswered statement, short here (30 s by default). */
const QUERY_TIMEOUT_MS = 2_000;

let database: Awaited<ReturnType<typeof openThrowawayDatabase>>;
let direct: pg.Client;
let proxy: PostgresProxy;
let server: ServerProcess;
let base: string;
let databaseName: string;

const call = (method: string, path: string, token?: string, body?: unknown): Promise<Answer> => callServer(base, method, path, token, body);

async function signIn(email: string): Promise<string> {
  const answer = await call('POST', '/api/admin/signin', undefined, { email, password: PASSWORD });
  expect(answer.status).toBe(200);
  return (answer.body as { token: string }).token;
}

async function addAdmin(email: string): Promise<string> {
  const id = newId();
  await database.db.insert(admins).values({ id, name: email.split('@')[0] as string, email, passwordHash: await hashPassword(PASSWORD), role: 'owner' });
  return id;
}

async function expectAcknowledgedKept(emails: string[]): Promise<void> {
  const { rows } = await direct.query<{ email: string }>('SELECT email FROM admins WHERE email = ANY($1)', [emails]);
  expect(rows.map((row) => row.email).sort()).toEqual([...emails].sort());
}

async function waitForSuccess(path: string, token?: string): Promise<void> {
  for (let waited = 0; ; waited += 100) {
    const answer = await call('GET', path, token).catch(() => undefined);
    if (answer?.status === 200) return;
    if (waited > 45_000 || server.child.exitCode !== null)
      throw new Error(`the server does not answer ${path}:\n${(server.stdout() + server.stderr()).slice(-3_000)}`);
    await sleep(100);
  }
}

beforeAll(async () => {
  database = await openThrowawayDatabase();
  const databaseUrl = database.url as string;
  databaseName = new URL(databaseUrl).pathname.slice(1);
  direct = new pg.Client({ connectionString: databaseUrl });
  await direct.connect();
  proxy = await startPostgresProxy(process.env.DATABASE_URL as string);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startServerProcess({
    DATABASE_URL: proxy.urlFor(databaseName),
    DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
    PORT: String(port),
    LOG_LEVEL: 'info',
    METRICS_TOKEN,
  });
  await waitForSuccess('/api/ready');
});

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await proxy?.close();
  await direct?.end();
  await database?.close();
});

describe('a database outage, on PostgreSQL', () => {
  it('survives every backend of its database being terminated: only successes and 503s, serving again within 5 s, no acknowledged write lost', async () => {
    await addAdmin('terminate@example.com');
    const token = await signIn('terminate@example.com');
    const flow = outageTraffic(base, token, 'terminate');
    await sleep(500);
    let terminatedAt = 0;
    // Twice: the pool's fresh connections must survive a second round as the first ones did.
    for (let round = 0; round < 2; round += 1) {
      await terminateOwnBackends(direct, databaseName);
      terminatedAt = Date.now();
      await sleep(1_500);
    }
    await flow.stop();
    expect(server.child.exitCode).toBeNull();
    expectOnlySuccessOr503(flow.answers);
    expect(recoveredAfter(flow.answers, terminatedAt)).toBeLessThan(RECOVERY_MS);
    expect(flow.acknowledged.length).toBeGreaterThan(5);
    await expectAcknowledgedKept(flow.acknowledged);
    // The idle clients' failure is one line each, with no connection parameters.
    const log = server.stdout() + server.stderr();
    expect(log).toContain('database connection lost');
    expect(log).not.toContain('connectionParameters');
    expect(log).not.toContain(proxy.urlFor(databaseName));
    // And counted, for the operator's dashboards.
    const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((response) => response.text());
    expect(Number(/^db_errors_total\{kind="connection"\} (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThan(0);
  });

  it('answers 503 quickly while the database is unreachable, keeps its liveness, and serves again within 5 s of its return', async () => {
    await addAdmin('unreachable@example.com');
    const token = await signIn('unreachable@example.com');
    const flow = outageTraffic(base, token, 'unreachable');
    await sleep(500);
    await proxy.setMode('refuse');
    await sleep(2_500);
    const health = await call('GET', '/api/health');
    const ready = await call('GET', '/api/ready');
    // Connections that open and never answer: each call is still answered within the bounded connection timeout.
    await proxy.setMode('blackhole');
    await sleep(4_000);
    await proxy.setMode('forward');
    const restoredAt = Date.now();
    await sleep(RECOVERY_MS);
    await flow.stop();

    expect(server.child.exitCode).toBeNull();
    expect(health.status).toBe(200);
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ ok: false, code: 'DATABASE_UNAVAILABLE' });
    expectOnlySuccessOr503(flow.answers);
    const during = flow.answers.filter((answer) => answer.sentAt > restoredAt - 6_000 && answer.sentAt < restoredAt - 500);
    expect(during.length).toBeGreaterThan(5);
    expect(during.every((answer) => answer.status === 503)).toBe(true);
    expect(Math.max(...during.map((answer) => answer.ms))).toBeLessThan(4_000);
    expect(recoveredAfter(flow.answers, restoredAt)).toBeLessThan(RECOVERY_MS);
    await expectAcknowledgedKept(flow.acknowledged);
    expect((await call('GET', '/api/ready')).status).toBe(200);
  });

  it('drops connections that go silent mid-statement (a partition): each call answers within the query timeout, then succeeds again', async () => {
    await addAdmin('silent@example.com');
    const token = await signIn('silent@example.com');
    const flow = outageTraffic(base, token, 'silent');
    await sleep(500);
    proxy.silenceOpen();
    const silencedAt = Date.now();
    await sleep(QUERY_TIMEOUT_MS + RECOVERY_MS);
    await flow.stop();

    expect(server.child.exitCode).toBeNull();
    expectOnlySuccessOr503(flow.answers);
    // No call hangs: the silent connections' statements fail after the timeout, and the pool opens new ones.
    expect(Math.max(...flow.answers.map((answer) => answer.ms))).toBeLessThan(QUERY_TIMEOUT_MS + 1_500);
    expect(recoveredAfter(flow.answers, silencedAt + QUERY_TIMEOUT_MS)).toBeLessThan(RECOVERY_MS);
    await expectAcknowledgedKept(flow.acknowledged);
    expect((await call('GET', '/api/ready')).status).toBe(200);
  });

  it('trusts no kept session while its notifications were lost: a session ended during the outage is refused once the database is back', async () => {
    const adminId = await addAdmin('revoked@example.com');
    const token = await signIn('revoked@example.com');
    // Twice: the second call is answered from the session cache.
    expect((await call('GET', '/api/dashboard', token)).status).toBe(200);
    expect((await call('GET', '/api/dashboard', token)).status).toBe(200);
    await proxy.setMode('refuse');
    // Ended by another server while this one hears nothing.
    await database.db.delete(sessions).where(eq(sessions.adminId, adminId));
    await sleep(1_000);
    await proxy.setMode('forward');
    const restoredAt = Date.now();
    let answer = await call('GET', '/api/dashboard', token);
    while (answer.status === 503 && Date.now() - restoredAt < RECOVERY_MS) answer = await call('GET', '/api/dashboard', token);
    expect(answer.status).toBe(401);
    // The session cache's LISTEN connection came back by itself.
    const listening = async () =>
      (
        await direct.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND application_name = $2 AND query = $3', [
          databaseName,
          LISTENER_APPLICATION_NAME,
          `LISTEN "${SESSION_CHANGES_CHANNEL}"`,
        ])
      ).rowCount;
    for (let waited = 0; (await listening()) === 0 && waited < RECOVERY_MS; waited += 100) await sleep(100);
    expect(await listening()).toBe(1);
  });
});

describe('WORKERS=2 through an outage, on PostgreSQL', () => {
  it('starts a worker that died again while the database is away, and serves from both once it is back', async () => {
    await addAdmin('workers-outage@example.com');
    const port = await freePort();
    const cluster = startServerProcess({ WORKERS: '2', DATABASE_URL: proxy.urlFor(databaseName), PORT: String(port), LOG_LEVEL: 'info' });
    const listeningLines = () => cluster.stdout().split('2 workers listening').length - 1;
    const waitFor = async (what: string, done: () => boolean, limitMs: number) => {
      for (let waited = 0; !done(); waited += 100) {
        if (waited > limitMs || cluster.child.exitCode !== null) throw new Error(`${what}:\n${(cluster.stdout() + cluster.stderr()).slice(-3_000)}`);
        await sleep(100);
      }
    };
    try {
      await waitFor('the workers did not start', () => listeningLines() === 1, 45_000);
      const workerPids = [
        ...new Set(
          cluster
            .stdout()
            .split('\n')
            .filter((line) => line.includes('Server listening'))
            .map((line) => (JSON.parse(line) as { pid: number }).pid),
        ),
      ];
      expect(workerPids).toHaveLength(2);
      await proxy.setMode('refuse');
      process.kill(workerPids[0] as number, 'SIGKILL');
      // Its successor waits for the database instead of stopping; the primary gives up on nothing.
      await waitFor('the new worker did not wait for the database', () => cluster.stdout().includes('database unreachable at start'), 15_000);
      await sleep(2_000);
      expect(cluster.child.exitCode).toBeNull();
      await proxy.setMode('forward');
      const restoredAt = Date.now();
      await waitFor('the new worker did not serve', () => listeningLines() === 2, 15_000);
      expect(Date.now() - restoredAt).toBeLessThan(RECOVERY_MS + 1_000);
      // The calls below go to this cluster, not to the single server of the tests above.
      base = `http://127.0.0.1:${port}`;
      const token = await signIn('workers-outage@example.com');
      for (let index = 0; index < 4; index += 1) expect((await call('GET', '/api/dashboard', token)).status).toBe(200);
    } finally {
      cluster.child.kill('SIGTERM');
      await cluster.exited;
    }
  }, 90_000);
});
