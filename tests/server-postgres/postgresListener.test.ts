import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LISTENER_APPLICATION_NAME, listenOnPostgres } from '../../server/db/postgresListener';

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

describe('a listening connection of its own', () => {
  it('hears what is notified on its channel, and nothing after it is stopped', async () => {
    const name = channel();
    const heard: string[] = [];
    const onLost = vi.fn();
    const stop = await listenOnPostgres(databaseUrl, name, (payload) => heard.push(payload), onLost, quickHeartbeat);
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
    await listenOnPostgres(databaseUrl, name, () => undefined, onLost, quickHeartbeat);
    await admin.query('SELECT pg_terminate_backend($1)', [await listenerBackend(name)]);
    await vi.waitFor(() => expect(onLost).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(onLost).toHaveBeenCalledTimes(1);
  });

  it('is lost when its backend stops answering, though the connection stays open', async () => {
    const name = channel();
    const onLost = vi.fn();
    await listenOnPostgres(databaseUrl, name, () => undefined, onLost, quickHeartbeat);
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
});
