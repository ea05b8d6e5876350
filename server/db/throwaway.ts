import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from './client';

/** The database is still being accessed (one of our backends has not exited yet). */
const OBJECT_IN_USE = '55006';
const DROP_ATTEMPTS = 10;

/** Behind a transaction pooler (DATABASE_POOLER=transaction): the cluster's own address, for what the pooler cannot carry. */
interface Pooling {
  databasePooler: 'transaction';
  databaseDirectUrl: string;
}

interface ThrowawayDatabase extends DatabaseHandle {
  /** For a second connection pool (another server instance or process); PGlite has none. */
  url?: string;
  /** With `url`, when it names a pooler: a server's settings for this database. */
  pooling?: Pooling;
}

/** The environment's pooler, when the run goes through one (scripts/with-pgbouncer.ts). */
function poolingFromEnvironment(): { directServerUrl: string } | undefined {
  const directServerUrl = process.env.DATABASE_DIRECT_URL;
  return process.env.DATABASE_POOLER === 'transaction' && directServerUrl ? { directServerUrl } : undefined;
}

const urlOf = (serverUrl: string, database: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/**
 * For a test file or benchmark run: in-memory PGlite, or with DATABASE_URL a database dropped again by close(). With
 * DATABASE_POOLER=transaction, DATABASE_URL is the pooler: the database is made and dropped on DATABASE_DIRECT_URL.
 */
export async function openThrowawayDatabase(
  serverUrl: string | undefined = process.env.DATABASE_URL,
  pgliteImage?: Blob,
  pooler = poolingFromEnvironment(),
  /** A statement's limit on PostgreSQL, for a bench whose seeding runs longer than a request may (DATABASE_QUERY_TIMEOUT_MS's default). */
  databaseQueryTimeoutMs?: number,
): Promise<ThrowawayDatabase> {
  if (!serverUrl) return openDatabase({ dataDir: ':memory:', pgliteImage });
  const name = `ap_test_${randomBytes(6).toString('hex')}`;
  const adminUrl = pooler?.directServerUrl ?? serverUrl;
  await onServer(adminUrl, async (client) => {
    await client.query(`CREATE DATABASE ${name}`);
    // Behind a pooler the server cannot set jit in the startup packet: the database's setting does it, as documented.
    if (pooler) await client.query(`ALTER DATABASE ${name} SET jit = off`);
  });
  const pooling: Pooling | undefined = pooler && { databasePooler: 'transaction', databaseDirectUrl: urlOf(pooler.directServerUrl, name) };
  const handle = await openDatabase({
    databaseUrl: urlOf(serverUrl, name),
    ...pooling,
    dataDir: ':memory:',
    ...(databaseQueryTimeoutMs ? { databaseQueryTimeoutMs } : {}),
  });
  return {
    ...handle,
    url: urlOf(serverUrl, name),
    ...(pooling ? { pooling } : {}),
    async close() {
      await handle.close();
      await onServer(adminUrl, async (client) => {
        // The pooler keeps its server connections to the database open: ended here.
        if (pooling) await terminateOwnBackends(client, name);
        await dropDatabase(client, name);
      });
    },
  };
}

/**
 * Ends the connections our role holds to `database`. Only our role's: an autovacuum worker has none, so PostgreSQL
 * counts it as a superuser's and refuses a non-superuser to end it (DROP DATABASE stops it itself).
 */
export async function terminateOwnBackends(client: Pick<pg.Client, 'query'>, database: string): Promise<void> {
  await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND usename = current_user AND pid <> pg_backend_pid()', [
    database,
  ]);
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
