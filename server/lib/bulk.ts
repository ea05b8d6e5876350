import type { BulkAnswer, BulkRowResult } from '../../shared/contract/bulk';
import type { Database } from '../db/client';
import { CompanyNotEmptyError } from './companyDependents';
import { AppError } from './errors';

/**
 * One bulk action in one transaction: `act` runs for each id in a savepoint of its own, so a row it refuses
 * (an AppError, as the one-row call would answer) is rolled back and reported while the others are kept.
 * Anything else is a fault: the whole transaction is rolled back and the call fails. `checkFirst` runs before any
 * row, in the same transaction: what it throws refuses the whole call (stale versions: server/lib/versions.ts).
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
        done.push({ id, ok: false, code: error.code, ...(error instanceof CompanyNotEmptyError ? { counts: { ...error.counts } } : {}) });
      }
    }
    return done;
  });
  return { ok: true, results };
}
