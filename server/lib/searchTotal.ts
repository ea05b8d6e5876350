import { getTableName, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { rowCounts } from '../db/schema';
import { writtenLiteral } from './sqlText';

export interface SearchTotal {
  total: number;
  exact: boolean;
}

/**
 * Tables whose unfiltered total triggers keep in `row_counts` (docs/benchmarks.md, "Hot rows"); any other table is
 * counted, which a short list never notices. Add one only with its triggers, in a migration.
 */
const TRACKED_TABLES = new Set(['companies', 'audit_events', 'admins', 'users', 'offers', 'needs', 'rooms']);

type PlanRows = Array<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>;

const matchesOf = (db: Database, table: PgTable, where: SQL | undefined) =>
  db
    .select({ one: sql`1` })
    .from(table)
    .where(where);

/** A bigint is text on node-postgres. */
const countOf = (value: unknown) => (value === null ? null : Number(value));

/** Counts up to `limit + 1` rows; the bound is written into the text so it adds no parameter to a prepared page. */
const boundedCount = (matches: SQLWrapper, limit: number) =>
  sql<number | null>`(select count(*)::int from (${matches} limit ${writtenLiteral(Math.trunc(limit) + 1)}) as bounded)`.mapWith(countOf);

/** Exact up to `limit`; past it the planner's estimate (never below what was counted), flagged so the console shows '≈'. */
async function totalOf(db: Database, matches: SQLWrapper, counted: number, limit: number): Promise<SearchTotal> {
  if (counted <= limit) return { total: counted, exact: true };
  const plan = (await db.execute(sql`explain (format json) ${matches}`)) as unknown as { rows: PlanRows };
  const estimate = Math.round(plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  return { total: Math.max(estimate, counted), exact: false };
}

export async function countMatches(db: Database, matches: SQLWrapper, limit: number): Promise<SearchTotal> {
  const counted = (await db.execute(sql`select ${boundedCount(matches, limit)} as total`)) as unknown as { rows: Array<{ total: number }> };
  return totalOf(db, matches, Number(counted.rows[0]?.total ?? 0), limit);
}

const isTracked = (table: PgTable, where: SQL | undefined) => !where && TRACKED_TABLES.has(getTableName(table));

/** Sum of the table's slots in `row_counts`; null if untracked. The name is written into the text (our own table names only). */
export const trackedRowCount = (tableName: string) =>
  sql<number | null>`(select sum(${rowCounts.rowCount})::bigint from ${rowCounts} where ${rowCounts.tableName} = ${writtenLiteral(tableName)})`.mapWith(
    countOf,
  );

export async function searchTotal(db: Database, table: PgTable, where: SQL | undefined, limit: number): Promise<SearchTotal> {
  if (isTracked(table, where)) {
    const [tracked] = await db.select({ total: trackedRowCount(getTableName(table)) }).from(sql`(values (1)) as one`);
    if (tracked && tracked.total !== null) return { total: tracked.total, exact: true };
  }
  return countMatches(db, matchesOf(db, table, where), limit);
}

/**
 * Selected with the page so page and total take one statement; a scalar subquery, which PostgreSQL computes once,
 * and only if the page returns a row.
 */
function totalColumn(table: PgTable, where: SQL | undefined, matches: SQLWrapper, limit: number) {
  const counted = isTracked(table, where) ? trackedRowCount(getTableName(table)) : boundedCount(matches, limit);
  return counted.as('search_total');
}

export type TotalColumn = ReturnType<typeof totalColumn>;

export interface PageWindow {
  offset: number;
  limit: number;
  reversed: boolean;
}

export interface StatementWindow {
  offset: number | Placeholder;
  limit: number | Placeholder;
  reversed: boolean;
}

export type Bind = <Value>(name: string, value: Value) => Value | Placeholder;

/** For a statement built once (an export, a page read in a transaction). */
export const inline: Bind = (_name, value) => value;

/** Searches whose criteria bind the same names in the same order and share `shape` have the same SQL: searchPage prepares it once. */
export interface SearchCriteria {
  where: (bind: Bind) => SQL | undefined;
  shape: string;
}

interface PageStatement<Row> extends PromiseLike<Row[]> {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> };
  toSQL(): { params: unknown[] };
}

type PageRead<Row> = (db: Database, window: StatementWindow, total: TotalColumn, where: SQL | undefined) => PageStatement<Row>;

/** Per database and search shape; shapes are few (which criteria, which sort), so the map stays small. */
const preparedPages = new WeakMap<Database, Map<string, { execute(values: Record<string, unknown>): Promise<unknown[]> }>>();

/**
 * Only an exact total says where the other end is: past the middle, the page is read in reverse order at
 * `total − offset − limit`, which skips fewer rows; the caller turns them back round.
 */
export function pageWindow(offset: number, limit: number, total: SearchTotal): PageWindow {
  const fromEnd = total.total - offset - limit;
  if (!total.exact || fromEnd >= offset) return { offset, limit, reversed: false };
  return { offset: Math.max(0, fromEnd), limit: Math.max(0, Math.min(limit, total.total - offset)), reversed: true };
}

/**
 * An unfiltered search on a tracked table reads its exact total first, then the page from the nearer end, in one
 * repeatable-read snapshot so total and rows agree. Otherwise the prepared page statement brings its total; only an
 * empty page or a match past the bound (planner's estimate) takes a second statement. Declared entities reach it
 * through server/entities/entityRoutes.ts; what it buys is measured in docs/benchmarks.md, "Searches".
 */
export async function searchPage<Row extends { searchTotal: number | null }>(
  db: Database,
  table: PgTable,
  criteria: SearchCriteria,
  page: { offset: number; limit: number; exactCountLimit: number },
  read: PageRead<Row>,
): Promise<{ rows: Row[]; total: SearchTotal }> {
  const { offset, limit, exactCountLimit } = page;
  const where = criteria.where(inline);
  const matches = matchesOf(db, table, where);
  if (offset > 0 && isTracked(table, where)) {
    return db.transaction(
      async (tx) => {
        const known = await searchTotal(tx, table, where, exactCountLimit);
        const window = pageWindow(offset, limit, known);
        const rows = window.limit > 0 ? await read(tx, window, totalColumn(table, where, matches, exactCountLimit), where) : [];
        return { rows: window.reversed ? rows.reverse() : rows, total: known };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
  const rows = await preparedPage(db, table, criteria, page, read);
  const counted = rows[0]?.searchTotal;
  if (counted === undefined || counted === null) {
    // No row, so no count: none at all on the first page; past it, the total is counted on its own.
    return { rows, total: offset === 0 && rows.length === 0 ? { total: 0, exact: true } : await searchTotal(db, table, where, exactCountLimit) };
  }
  return { rows, total: isTracked(table, where) ? { total: counted, exact: true } : await totalOf(db, matches, counted, exactCountLimit) };
}

/** Each name is given once per process, for one text. */
let firstPageNames = 0;

/** Drizzle writes an SQL object given as LIMIT or OFFSET into the text (a number or placeholder would be a parameter). */
const writtenInText = (value: number) => writtenLiteral(Math.trunc(value)) as unknown as Placeholder;

async function preparedPage<Row extends { searchTotal: number | null }>(
  db: Database,
  table: PgTable,
  criteria: SearchCriteria,
  page: { offset: number; limit: number; exactCountLimit: number },
  read: PageRead<Row>,
): Promise<Row[]> {
  const values: Record<string, unknown> = { offset: page.offset, limit: page.limit };
  const names: string[] = [];
  const bind: Bind = (name, value) => {
    values[name] = value;
    names.push(name);
    return sql.placeholder(name);
  };
  const where = criteria.where(bind);
  const firstPageWithoutCriteria = page.offset === 0 && names.length === 0;
  const key = `${getTableName(table)} ${criteria.shape} ${names.join(',')} ${page.exactCountLimit}${firstPageWithoutCriteria ? ` first ${page.limit}` : ''}`;
  let statements = preparedPages.get(db);
  if (!statements) preparedPages.set(db, (statements = new Map()));
  let statement = statements.get(key);
  if (!statement) {
    const window = firstPageWithoutCriteria
      ? { offset: writtenInText(0), limit: writtenInText(page.limit), reversed: false }
      : { offset: sql.placeholder('offset'), limit: sql.placeholder('limit'), reversed: false };
    const total = totalColumn(table, where, matchesOf(db, table, where), page.exactCountLimit);
    const built = read(db, window, total, where);
    // With values, unnamed: PostgreSQL plans with the values on every run, as a search's selectivity needs (a named
    // statement may switch to a generic plan after five runs). Without any (the most frequent search), named: planned
    // once per connection.
    statement = built.prepare(built.toSQL().params.length === 0 ? `first_page_${(firstPageNames += 1)}` : '');
    statements.set(key, statement);
  }
  return (await statement.execute(values)) as Row[];
}

/** Ids first (an index-only scan skips the OFFSET's rows), then full rows and joins for those ids only. */
export function pageIds(db: Database, table: PgTable, id: PgColumn, where: SQL | undefined, order: SQL[], window: StatementWindow) {
  return db
    .select({ id })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset);
}
