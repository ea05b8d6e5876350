import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LISTENER_APPLICATION_NAME, postgresListener } from '../../server/db/postgresListener';

// Runs in the PostgreSQL pass only (vitest.config.ts includes this folder when DATABASE_URL is set). LISTEN and
// NOTIFY on a channel of the test's own leave nothing in the database.
const databaseUrl = process.env.DATABASE_URL as string;
const quickHeartbeat = { everyMs: 100, timeoutMs: 300 };
let admin: pg.Client;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
});
afterAll(() => admin.end());

const channel = () => `test_${randomBytes(4).toString('hex')}`;
/** The backend of the listener on `name`, as pg_stat_activity shows it once its LISTEN ran. */
async function listenerBackend(name: string): Promise<number> {
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query = $2', [
    LISTENER_APPLICATION_NAME,
    `LISTEN "${name}"`,
  ]);
  expect(rows).toHaveLength(1);
  return rows[0]?.pid as number;
}

const backendAlive = async (pid: number) => (await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount === 1;

describe('a server’s listening connection', () => {
  it('hears what is notified on its channel, and nothing after it is stopped', async () => {
    const name = channel();
    const heard: string[] = [];
    const onLost = vi.fn();
    const stop = await postgresListener(databaseUrl, quickHeartbeat).listen(name, (payload) => heard.push(payload), onLost);
    await admin.query('SELECT pg_notify($1, $2)', [name, 'first']);
    await vi.waitFor(() => expect(heard).toEqual(['first']));
    await stop();
    await admin.query('SELECT pg_notify($1, $2)', [name, 'second']);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(heard).toEqual(['first']);
    expect(onLost).not.toHaveBeenCalled();
  });

  it('is lost, once, when its backend is ended', async () => {
    const name = channel();
    const onLost = vi.fn();
    await postgresListener(databaseUrl, quickHeartbeat).listen(name, () => undefined, onLost);
    await admin.query('SELECT pg_terminate_backend($1)', [await listenerBackend(name)]);
    await vi.waitFor(() => expect(onLost).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(onLost).toHaveBeenCalledTimes(1);
  });

  it('is lost when its backend stops answering, though the connection stays open', async () => {
    const name = channel();
    const onLost = vi.fn();
    await postgresListener(databaseUrl, quickHeartbeat).listen(name, () => undefined, onLost);
    const backend = await listenerBackend(name);
    // A backend that no longer runs, as behind a dropped NAT entry: the socket stays up and nothing comes back.
    process.kill(backend, 'SIGSTOP');
    try {
      await vi.waitFor(() => expect(onLost).toHaveBeenCalledTimes(1), { timeout: 2_000 });
      expect(onLost.mock.calls[0]?.[0]).toBeInstanceOf(Error);
    } finally {
      process.kill(backend, 'SIGCONT');
    }
  });

  it('carries every channel on one connection, so notifications of different channels arrive in commit order', async () => {
    const [first, second] = [channel(), channel()];
    const listener = postgresListener(databaseUrl, quickHeartbeat);
    const heard: string[] = [];
    const stops = await Promise.all([first, second].map((name) => listener.listen(name, (payload) => heard.push(`${name}:${payload}`), vi.fn())));
    // Forty transactions committed back to back by one statement, faster than the listener reads.
    await admin.query(
      `DO $$ BEGIN FOR n IN 0..39 LOOP PERFORM pg_notify(CASE WHEN n % 2 = 0 THEN '${first}' ELSE '${second}' END, n::text); COMMIT; END LOOP; END $$`,
    );
    const sent = Array.from({ length: 40 }, (_, commit) => `${commit % 2 ? second : first}:${commit}`);
    await vi.waitFor(() => expect(heard).toHaveLength(sent.length));
    expect(heard).toEqual(sent);
    for (const stop of stops) await stop();
  });

  it('tells each channel’s listener of a loss, and listens anew on a new connection after it', async () => {
    const [first, second] = [channel(), channel()];
    const listener = postgresListener(databaseUrl, quickHeartbeat);
    const lost = [vi.fn(), vi.fn()];
    await listener.listen(first, () => undefined, lost[0] as () => void);
    await listener.listen(second, () => undefined, lost[1] as () => void);
    await admin.query('SELECT pg_terminate_backend($1)', [await listenerBackend(second)]);
    await vi.waitFor(() => lost.forEach((onLost) => expect(onLost).toHaveBeenCalledTimes(1)));
    const heard: string[] = [];
    const stop = await listener.listen(first, (payload) => heard.push(payload), vi.fn());
    await admin.query('SELECT pg_notify($1, $2)', [first, 'after']);
    await vi.waitFor(() => expect(heard).toEqual(['after']));
    await stop();
  });

  it('ends its connection once nothing listens, and opens one again for the next listener', async () => {
    const name = channel();
    const listener = postgresListener(databaseUrl, quickHeartbeat);
    const stops = [await listener.listen(name, () => undefined, vi.fn()), await listener.listen(name, () => undefined, vi.fn())];
    const backend = await listenerBackend(name);
    await stops[0]?.();
    expect(await backendAlive(backend)).toBe(true);
    await stops[1]?.();
    await vi.waitFor(async () => expect(await backendAlive(backend)).toBe(false));
    const again = await listener.listen(name, () => undefined, vi.fn());
    expect(await listenerBackend(name)).not.toBe(backend);
    await again();
  });

  it('stops within its timeout when its backend has gone silent, where ending would wait for an answer that never comes', async () => {
    const name = channel();
    // No heartbeat during the test: the stop alone meets the silent backend.
    const stop = await postgresListener(databaseUrl, { everyMs: 60_000, timeoutMs: 300 }).listen(name, () => undefined, vi.fn());
    const backend = await listenerBackend(name);
    process.kill(backend, 'SIGSTOP');
    try {
      const started = Date.now();
      // Bounded here too: a stop that hangs must still reach the finally, or the stopped backend blocks DROP DATABASE.
      await Promise.race([stop(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      process.kill(backend, 'SIGCONT');
    }
  });
});
