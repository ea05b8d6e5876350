import { fileURLToPath } from 'node:url';
import { mkdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockDataDir } from './dataDirLock';
import { openPostgres } from './postgresDatabase';
import { startPgliteThread } from './pgliteThread';
import type { PGlite } from '@electric-sql/pglite';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type StopListening = () => Promise<void>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Resolves once LISTEN is in effect. On PostgreSQL every channel shares one connection outside the pool (postgresListener.ts) and
   * `onLost` is called at most once if that connection fails (the caller listens again); PGlite's session never fails.
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost: (error: Error) => void): Promise<StopListening>;
  /** PGlite only: a tarball that `openDatabase({ pgliteImage })` starts from. */
  dumpImage?: () => Promise<Blob>;
  /** PostgreSQL only, for the metrics (server/plugins/metrics.ts). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** PGlite only: each statement's wait for the database thread, in seconds; returns the unsubscribe. */
  observeQueueWait?: (observe: (seconds: number) => void) => () => void;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** One line each, never connection parameters or statement values. */
export interface DatabaseLog {
  warn(message: string): void;
}
const silent: DatabaseLog = { warn: () => undefined };

/**
 * PGlite's page cache lives in the server's memory and is touched whole at start: 16 MB (not 128) keeps the process
 * small. Statements are kept by name (pgliteStatements.ts), so `force_custom_plan` keeps planning each run with its own
 * values rather than a generic plan after five runs (a search's selectivity decides its plan).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'plan_cache_mode=force_custom_plan'];

/** No URL: embedded PGlite in `dataDir` (`:memory:` keeps nothing), from `pgliteImage` if given (the tests' shortcut past the migrations). */
export async function openDatabase(
  options: {
    databaseUrl?: string;
    databasePooler?: 'transaction';
    databaseDirectUrl?: string;
    databaseCaFile?: string;
    databaseQueryTimeoutMs?: number;
    dataDir: string;
    pgliteImage?: Blob;
  },
  log: DatabaseLog = silent,
): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const target = { url: options.databaseUrl, pooler: options.databasePooler, directUrl: options.databaseDirectUrl, caFile: options.databaseCaFile };
    return openPostgres(target, migrationsFolder, log, options.databaseQueryTimeoutMs);
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
      observeQueueWait: (observe) => client.observeQueueWait(observe),
      listen: async (channel, onPayload) => {
        const unlisten = await client.listen(channel, onPayload);
        return async () => {
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

/** Read once from drizzle-kit's journal (a readiness probe asks often). */
let carried: number | undefined;
const carriedMigrations = (): number =>
  (carried ??= (JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: unknown[] }).entries.length);

/** Readiness: rejects when the database cannot be reached. */
export async function migrationsApplied(db: Database): Promise<boolean> {
  const result = (await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)) as unknown as { rows: Array<{ applied: number }> };
  return Number(result.rows[0]?.applied) >= carriedMigrations();
}
