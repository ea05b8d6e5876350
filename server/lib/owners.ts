import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { admins } from '../db/schema';
import { AppError } from './errors';

/**
 * In the transaction that demoted or deleted an owner: refuses (409 LAST_OWNER) when none is left. The lock makes two
 * such changes run one after the other, so two owners removing each other cannot both succeed.
 */
export async function refuseNoOwnerLeft(tx: Database): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('admins.owners'))`);
  const [owners] = await tx.select({ count: count() }).from(admins).where(eq(admins.role, 'owner'));
  if (!owners?.count) throw new AppError(409, 'LAST_OWNER');
}
