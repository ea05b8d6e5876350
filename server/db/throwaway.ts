import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from './client';

/** The database is still being accessed (one of our backends has not exited yet). */
const OBJECT_IN_USE = '55006';
const DROP_ATTEMPTS = 10;

interface ThrowawayDatabase extends DatabaseHandle {
  /** For a second connection pool (another server instance or process); PGlite has none. */
  url?: string;
}

/** For a test file or benchmark run: in-memory PGlite, or with DATABASE_URL a database dropped again by close(). */
export async function openThrowawayDatabase(serverUrl: string | undefined = process.env.DATABASE_URL, pgliteImage?: Blob): Promise<ThrowawayDatabase> {
  if (!serverUrl) return openDatabase({ dataDir: ':memory:', pgliteImage });
  const name = `ap_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: ':memory:' });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      await onServer(serverUrl, (client) => dropDatabase(client, name));
    },
  };
}

async function onServer(serverUrl: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Not WITH (FORCE): FORCE fails for a non-superuser when an autovacuum worker is there, and a plain DROP stops those
 * itself. Our pool is closed, so only a backend still exiting can be in the way: a short retry covers that.
 */
async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt === DROP_ATTEMPTS) throw error;
      await sleep(200 * attempt);
    }
  }
}
