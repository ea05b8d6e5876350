import type { BulkAnswer, BulkRowResult } from '../../shared/contract/bulk';
import type { Database } from '../db/client';
import { AppError, CountedRefusal } from './errors';

/**
 * Each id in a savepoint of its own: a refusal (an AppError) rolls back and is reported, the other rows kept; anything
 * else fails the whole call. What `checkFirst` throws refuses the whole call (stale versions: server/lib/versions.ts).
 */
export async function actOnEach(
  db: Database,
  ids: readonly string[],
  act: (tx: Database, id: string) => Promise<void>,
  checkFirst?: (tx: Database) => Promise<void>,
): Promise<BulkAnswer> {
  const results = await db.transaction(async (tx) => {
    await checkFirst?.(tx);
    const done: BulkRowResult[] = [];
    for (const id of ids) {
      try {
        await tx.transaction((savepoint) => act(savepoint, id));
        done.push({ id, ok: true });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        done.push({ id, ok: false, code: error.code, ...(error instanceof CountedRefusal ? { counts: { ...error.counts } } : {}) });
      }
    }
    return done;
  });
  return { ok: true, results };
}
