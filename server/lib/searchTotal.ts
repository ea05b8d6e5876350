import { eq, getTableName, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { rowCounts } from '../db/schema';

/** How many rows a search matches, and whether that figure is exact or the planner's estimate. */
export interface SearchTotal {
  total: number;
  exact: boolean;
}

/** Tables whose row count triggers keep in `row_counts` (migrations 0005, 0006, 0010): every paged search's. */
const TRACKED_TABLES = new Set(['companies', 'audit_events', 'admins', 'users', 'offers', 'needs', 'rooms']);

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

/** Which rows to read for a page: OFFSET and LIMIT in the search's order, or in the reverse order. */
export interface PageWindow {
  offset: number;
  limit: number;
  reversed: boolean;
}

/**
 * The page at `offset` read from whichever end is nearer. Only an exact total says where the other end
 * is: past the middle, the same rows are the reversed order's rows at `total − offset − limit`
 * (fewer at the end of the list), which skips fewer rows; the caller turns them back round.
 */
export function pageWindow(offset: number, limit: number, total: SearchTotal): PageWindow {
  const fromEnd = total.total - offset - limit;
  if (!total.exact || fromEnd >= offset) return { offset, limit, reversed: false };
  return { offset: Math.max(0, fromEnd), limit: Math.max(0, Math.min(limit, total.total - offset)), reversed: true };
}

/**
 * A page of a search and its total. An unfiltered search on a tracked table knows its exact total in
 * constant time, so a deep page reads it first and then the page from the nearer end (pageWindow), both
 * in one repeatable-read snapshot so that the total and the rows agree. Otherwise the page and the count
 * run side by side. `read` answers the window's rows in the window's order.
 */
export async function searchPage<Row>(
  db: Database,
  table: PgTable,
  where: SQL | undefined,
  page: { offset: number; limit: number; exactCountLimit: number },
  read: (db: Database, window: PageWindow) => Promise<Row[]>,
): Promise<{ rows: Row[]; total: SearchTotal }> {
  const { offset, limit, exactCountLimit } = page;
  if (offset > 0 && !where && TRACKED_TABLES.has(getTableName(table))) {
    return db.transaction(
      async (tx) => {
        const total = await searchTotal(tx, table, where, exactCountLimit);
        const window = pageWindow(offset, limit, total);
        const rows = window.limit > 0 ? await read(tx, window) : [];
        return { rows: window.reversed ? rows.reverse() : rows, total };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
  const [rows, total] = await Promise.all([read(db, { offset, limit, reversed: false }), searchTotal(db, table, where, exactCountLimit)]);
  return { rows, total };
}

/**
 * The ids of a window's rows, in `order`: a search reads them first (an index-only scan skips the OFFSET's
 * rows), then the full rows and their joins for those ids only, `WHERE id IN (…)`.
 */
export function pageIds(db: Database, table: PgTable, id: PgColumn, where: SQL | undefined, order: SQL[], window: PageWindow) {
  return db
    .select({ id })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset);
}
