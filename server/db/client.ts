import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockDataDir } from './dataDirLock';
import { listenOnPostgres } from './postgresListener';
import { startPgliteThread } from './pgliteThread';
import type { PGlite } from '@electric-sql/pglite';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Stops listening and releases what the listening held. */
export type StopListening = () => Promise<void>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * LISTEN on `channel`: `onPayload` gets each NOTIFY's payload, committed by any session on this database;
   * resolves once listening, or rejects. On PostgreSQL a connection of its own, outside the pool (postgresListener.ts);
   * `onLost` is called at most once, if that connection fails after it resolved (the caller listens again). PGlite's
   * single session never loses it.
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost: (error: Error) => void): Promise<StopListening>;
  /** PGlite only: the whole database as a tarball, which `openDatabase({ pgliteImage })` starts from. */
  dumpImage?: () => Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant works: it only has to be the same for every process that migrates this database. */
const MIGRATION_LOCK_ID = 727_001;

/**
 * PGlite's page cache lives in the server's own memory, and PostgreSQL's default (128 MB) is touched
 * whole at start: 16 MB keeps the process small; pages it does not hold stay in the OS file cache.
 * Its statements are parsed once and kept by name (pgliteStatements.ts); `force_custom_plan` keeps planning each run
 * with its own values, as unnamed statements are, rather than a generic plan after five runs (a search text's or a
 * filter's selectivity decides its plan). A statement without parameters still keeps its one plan.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'plan_cache_mode=force_custom_plan'];

/**
 * Opens the database the configuration names and applies the migrations.
 * No URL: embedded PGlite in `dataDir` (`:memory:` keeps nothing), started from `pgliteImage` when given (a
 * `dumpDataDir()` of a migrated database: the tests' shortcut past the migrations). A postgres:// URL: node-postgres.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; pgliteImage?: Blob }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // No JIT compilation: it pays off for long analytic queries, and cost estimates that run high (the dashboard's
    // joins of weekly counts) made PostgreSQL spend 840 ms compiling a statement that runs in 90 (100 000 rows a table).
    // Set in each connection's startup packet, so no statement is queued before the pool hands the connection out
    // (an `options` parameter of DATABASE_URL itself takes the place of this one).
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10, options: '-c jit=off' });
    const db = drizzle(pool, { schema });
    // Several instances may start together over one database: one migrates, the others wait.
    const lockClient = await pool.connect();
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migrate(db, { migrationsFolder });
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      lockClient.release();
    }
    const databaseUrl = options.databaseUrl;
    const listen: DatabaseHandle['listen'] = (channel, onPayload, onLost) => listenOnPostgres(databaseUrl, channel, onPayload, onLost);
    return { db, kind: 'postgres', listen, close: () => pool.end() };
  }

  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = options.dataDir === ':memory:';
  const pgliteDir = `${options.dataDir}/pglite`;
  if (!inMemory) mkdirSync(pgliteDir, { recursive: true });
  const unlock = inMemory ? () => undefined : lockDataDir(pgliteDir);
  try {
    const client = await startPgliteThread({
      ...(inMemory ? {} : { dataDir: pgliteDir }),
      ...(options.pgliteImage ? { image: await options.pgliteImage.arrayBuffer() } : {}),
      startParams: PGLITE_SETTINGS,
    });
    // Drizzle's PGlite driver calls `query` and `transaction` only, which the thread answers as PGlite would.
    const db = drizzle(client as unknown as PGlite, { schema });
    try {
      await migrate(db, { migrationsFolder });
    } catch (error) {
      await client.close();
      throw error;
    }
    return {
      db,
      kind: 'pglite',
      dumpImage: () => client.dumpDataDir(),
      listen: async (channel, onPayload) => {
        const unlisten = await client.listen(channel, onPayload);
        return async () => {
          // Already closed with the database: nothing left to release.
          if (!client.closed) await unlisten();
        };
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** A cheap round trip, used by the health check. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
