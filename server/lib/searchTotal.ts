import { count, eq, getTableName, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { rowCounts } from '../db/schema';

/** Tables whose row count triggers keep in `row_counts` (migrations 0005, 0006): the ones that grow large. */
const TRACKED_TABLES = new Set(['companies', 'audit_events']);

/**
 * The `total` of a search: exact in every case. Unfiltered on a tracked table, it is read from `row_counts`
 * in constant time instead of counting every row (the floor of an unfiltered search on 100 000 companies).
 */
export async function searchTotal(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  const name = getTableName(table);
  if (!where && TRACKED_TABLES.has(name)) {
    const [tracked] = await db.select({ total: rowCounts.rowCount }).from(rowCounts).where(eq(rowCounts.tableName, name));
    if (tracked) return tracked.total;
  }
  const [counted] = await db.select({ total: count() }).from(table).where(where);
  return counted?.total ?? 0;
}
