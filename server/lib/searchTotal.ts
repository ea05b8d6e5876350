import { eq, getTableName, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { rowCounts } from '../db/schema';

/** How many rows a search matches, and whether that figure is exact or the planner's estimate. */
export interface SearchTotal {
  total: number;
  exact: boolean;
}

/** Tables whose row count triggers keep in `row_counts` (migrations 0005, 0006): the ones that grow large. */
const TRACKED_TABLES = new Set(['companies', 'audit_events']);

type PlanRows = Array<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>;

/**
 * The total of a search whose matching rows `matches` selects: counted exactly up to `limit` (never
 * more than `limit + 1` rows are read, so a large match costs no full count), and past it the
 * planner's estimate, never below what was counted. The answer says which it is, so that the
 * console can show '≈'.
 */
export async function countMatches(db: Database, matches: SQLWrapper, limit: number): Promise<SearchTotal> {
  const counted = (await db.execute(sql`select count(*)::int as total from (${matches} limit ${limit + 1}) as bounded`)) as unknown as {
    rows: Array<{ total: number }>;
  };
  const total = Number(counted.rows[0]?.total ?? 0);
  if (total <= limit) return { total, exact: true };
  const plan = (await db.execute(sql`explain (format json) ${matches}`)) as unknown as { rows: PlanRows };
  const estimate = Math.round(plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  return { total: Math.max(estimate, total), exact: false };
}

/**
 * The total of a search over one table. Unfiltered on a tracked table, it is read from `row_counts`
 * in constant time and exact; otherwise see countMatches.
 */
export async function searchTotal(db: Database, table: PgTable, where: SQL | undefined, limit: number): Promise<SearchTotal> {
  const name = getTableName(table);
  if (!where && TRACKED_TABLES.has(name)) {
    const [tracked] = await db.select({ total: rowCounts.rowCount }).from(rowCounts).where(eq(rowCounts.tableName, name));
    if (tracked) return { total: tracked.total, exact: true };
  }
  return countMatches(
    db,
    db
      .select({ one: sql`1` })
      .from(table)
      .where(where),
    limit,
  );
}
