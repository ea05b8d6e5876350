import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { isUnknownPreparedStatement } from './dbErrors';

/** PGlite runs no autovacuum, and a plan made on a few rows must not outlive their growth: planned again after this. */
const REPLAN_AFTER_MS = 10 * 60_000;

interface Prepared {
  name: string;
  at: number;
  ready: Promise<void>;
}

/**
 * A statement without parameters, on PGlite: prepared in SQL (`PREPARE`) in its one session and run by name
 * (`EXECUTE`), where PGlite's driver would send the text, parsed and planned again, on every call. Each preparation
 * takes a name of its own (`name_1`, `name_2`…) and drops the one before; a call whose statement is gone (dropped
 * meanwhile, or `DEALLOCATE ALL`) prepares it again, once.
 */
export function pglitePrepared<Row>(name: string, statement: SQL, replanAfterMs = REPLAN_AFTER_MS): (db: Database) => Promise<Row[]> {
  const byDatabase = new WeakMap<Database, Prepared>();
  let preparations = 0;

  const prepare = (db: Database, previous?: Prepared): Prepared => {
    preparations += 1;
    const prepared: Prepared = { name: `${name}_${preparations}`, at: Date.now(), ready: Promise.resolve() };
    prepared.ready = (async () => {
      await db.execute(sql`PREPARE ${sql.identifier(prepared.name)} AS ${statement}`);
      if (previous) await db.execute(sql`DEALLOCATE ${sql.identifier(previous.name)}`).catch(() => undefined);
    })();
    prepared.ready.catch(() => {
      if (byDatabase.get(db) === prepared) byDatabase.delete(db);
    });
    byDatabase.set(db, prepared);
    return prepared;
  };

  const current = (db: Database): Prepared => {
    const prepared = byDatabase.get(db);
    return prepared && Date.now() - prepared.at < replanAfterMs ? prepared : prepare(db, prepared);
  };

  const run = async (db: Database, prepared: Prepared): Promise<Row[]> => {
    await prepared.ready;
    return ((await db.execute(sql`EXECUTE ${sql.identifier(prepared.name)}`)) as unknown as { rows: Row[] }).rows;
  };

  return async (db) => {
    const prepared = current(db);
    try {
      return await run(db, prepared);
    } catch (error) {
      if (!isUnknownPreparedStatement(error)) throw error;
      const latest = byDatabase.get(db);
      return run(db, latest && latest !== prepared ? latest : prepare(db, latest));
    }
  };
}
