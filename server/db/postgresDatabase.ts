import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool, PoolClient } from 'pg';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { describeDatabaseError, isDatabaseUnavailable, isMisconfigured } from '../lib/dbErrors';
import { recordDatabaseError } from '../lib/metrics';
import type { DatabaseHandle, DatabaseLog } from './client';
import { connectionConfig } from './connectionConfig';
import { postgresListener } from './postgresListener';
import * as schema from './schema';

/** A call that needs a connection while the database is away answers 503 after this. */
const CONNECT_TIMEOUT_MS = 3_000;
/** At start, retries after 1, 2, then every 4 s: serving within 5 s of the database's return. */
const START_RETRY_MAX_MS = 4_000;
/** DATABASE_QUERY_TIMEOUT_MS's default. */
const DEFAULT_QUERY_TIMEOUT_MS = 30_000;
/** Any constant, the same for every process that migrates this database. */
const MIGRATION_LOCK_ID = 727_001;

export interface PostgresTarget {
  url: string;
  /** `transaction`: `url` is a transaction pooler and `directUrl` the cluster itself (docs/operations.md, "Deploying"). */
  pooler?: 'transaction';
  directUrl?: string;
  /** DATABASE_CA_FILE, for both addresses. */
  caFile?: string;
}

/** Waits for the database at start rather than giving up. */
export async function openPostgres(
  target: PostgresTarget,
  migrationsFolder: string,
  log: DatabaseLog,
  queryTimeoutMs = DEFAULT_QUERY_TIMEOUT_MS,
): Promise<DatabaseHandle> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pooled = target.pooler === 'transaction';
  if (pooled && !target.directUrl) throw new Error('DATABASE_POOLER=transaction needs DATABASE_DIRECT_URL');
  // Where a session must stay one server connection: LISTEN and the migrations' lock.
  const direct = { url: pooled ? (target.directUrl as string) : target.url, caFile: target.caFile };
  // No JIT: high cost estimates (the dashboard's weekly joins) made PostgreSQL spend 840 ms compiling a statement that
  // runs in 90 (100 000 rows a table). Set in the startup packet so no statement is queued before the connection is lent
  // (an `options` parameter of DATABASE_URL takes its place). PgBouncer refuses that parameter: behind it, the database's
  // own setting does it (ALTER DATABASE … SET jit = off, docs/operations.md).
  const pool = new Pool({
    max: 10,
    ...(pooled ? {} : { options: '-c jit=off' }),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: queryTimeoutMs,
    keepAlive: true,
    ...connectionConfig({ url: target.url, caFile: target.caFile }),
  });
  // An idle connection that fails (restart, failover, pg_terminate_backend) is replaced by the pool; unheard, its
  // 'error' event would end the process.
  pool.on('error', (error) => {
    recordDatabaseError('connection');
    log.warn(`database connection lost: ${describeDatabaseError(error)}`);
  });
  // A lent connection that fails fails its next statement and is dropped on return; this only keeps its 'error' event
  // from ending the process.
  pool.on('connect', (client: PoolClient) => {
    client.on('error', () => undefined);
    closeOnQueryTimeout(client, pooled);
  });
  const db = drizzle(pool, { schema });
  if (pooled) {
    // Connections of its own for the session-level lock and the migrations beside it, closed once migrated.
    const migrationPool = new Pool({ max: 2, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, ...connectionConfig(direct) });
    migrationPool.on('error', () => undefined);
    try {
      await migrateWhenReachable(migrationPool, drizzle(migrationPool, { schema }), migrationsFolder, log);
    } finally {
      await migrationPool.end();
    }
    await warnOfJit(db, log);
  } else {
    await migrateWhenReachable(pool, db, migrationsFolder, log);
  }
  const listener = postgresListener(direct);
  return {
    db,
    kind: 'postgres',
    listen: listener.listen,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * A transaction pooler hands each transaction to any server connection, where a statement named on another is unknown
 * or named twice ("prepared statement … already exists"): unnamed, node-postgres still sends values apart from the text.
 */
function unnamed(args: unknown[]): unknown[] {
  const [config, ...rest] = args;
  if (!config || typeof config !== 'object' || !('name' in config) || 'submit' in config) return args;
  const copy: Record<string, unknown> = { ...config };
  delete copy.name;
  return [copy, ...rest];
}

/**
 * node-postgres fails a statement past query_timeout but keeps waiting on its connection, so the ROLLBACK and every
 * later statement there would wait a whole timeout again: close it at once. Behind a transaction pooler, statements
 * lose their names too.
 */
function closeOnQueryTimeout(client: PoolClient, pooled: boolean): void {
  const socket = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
  // Looked up on each call, so that whatever replaces it later (a test's spy) still runs.
  const classQuery = () => (Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown }).query;
  Object.assign(client, {
    query: (...args: unknown[]) => {
      const answer = classQuery().apply(client, pooled ? unnamed(args) : args);
      if (answer instanceof Promise) {
        answer.catch((error: unknown) => {
          if (error instanceof Error && error.message === 'Query read timeout') socket?.destroy();
        });
      }
      return answer;
    },
  });
}

/** Behind a pooler, JIT is off only where the database or role says so: one line at start when it does not. */
async function warnOfJit(db: NodePgDatabase<typeof schema>, log: DatabaseLog): Promise<void> {
  // The pooler not answering yet is no reason not to start: its calls answer 503 until it does.
  const rows = await db.execute<{ jit: string }>(sql`SELECT current_setting('jit') AS jit`).then(
    (result) => result.rows,
    () => [],
  );
  if (rows[0]?.jit === 'on') log.warn('jit is on behind the pooler: ALTER DATABASE … SET jit = off (docs/operations.md, "Deploying")');
}

async function migrateWhenReachable(pool: Pool, db: NodePgDatabase<typeof schema>, migrationsFolder: string, log: DatabaseLog): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await migrateUnderLock(pool, db, migrationsFolder);
    } catch (error) {
      if (!isDatabaseUnavailable(error) || isMisconfigured(error)) throw error;
      const waitMs = Math.min(START_RETRY_MAX_MS, 1_000 * 2 ** attempt);
      log.warn(`database unreachable at start (${describeDatabaseError(error)}): trying again in ${waitMs / 1_000} s`);
      await sleep(waitMs);
    }
  }
}

/** Instances starting together over one database: one migrates, the others wait. */
async function migrateUnderLock(pool: Pool, db: NodePgDatabase<typeof schema>, migrationsFolder: string): Promise<void> {
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const lockClient = await pool.connect();
  let failure: unknown;
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(db, { migrationsFolder });
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    // A failed connection is destroyed rather than returned to the pool.
    lockClient.release(failure instanceof Error ? failure : undefined);
  }
}
