import { getTableName, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { rowCounts } from '../db/schema';
import { writtenLiteral } from './sqlText';

/** How many rows a search matches, and whether that figure is exact or the planner's estimate. */
export interface SearchTotal {
  total: number;
  exact: boolean;
}

/**
 * The long lists whose unfiltered total is kept by triggers in `row_counts` (migrations 0005, 0006, 0010, 0019), so
 * that it costs no count (docs/benchmarks.md, "Hot rows"). Any other table is counted, which a short list never
 * notices: add one here only with its triggers and its count written in their migration.
 */
const TRACKED_TABLES = new Set(['companies', 'audit_events', 'admins', 'users', 'offers', 'needs', 'rooms']);

type PlanRows = Array<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>;

/** The rows a search over `table` matches, as a subquery to count. */
const matchesOf = (db: Database, table: PgTable, where: SQL | undefined) =>
  db
    .select({ one: sql`1` })
    .from(table)
    .where(where);

/** A count as the driver reads it (a bigint is text on node-postgres), as a number; null stays null. */
const countOf = (value: unknown) => (value === null ? null : Number(value));

/**
 * Counts `matches` up to `limit + 1` rows: a large match costs no full count. The bound (the configuration's integer)
 * is written into the text, so that it adds no parameter to a page's statement (preparedPage).
 */
const boundedCount = (matches: SQLWrapper, limit: number) =>
  sql<number | null>`(select count(*)::int from (${matches} limit ${writtenLiteral(Math.trunc(limit) + 1)}) as bounded)`.mapWith(countOf);

/**
 * The total once `counted` matching rows were counted with boundedCount: exact up to `limit`, and past it the
 * planner's estimate, never below what was counted. The answer says which it is, so that the console can show '≈'.
 */
async function totalOf(db: Database, matches: SQLWrapper, counted: number, limit: number): Promise<SearchTotal> {
  if (counted <= limit) return { total: counted, exact: true };
  const plan = (await db.execute(sql`explain (format json) ${matches}`)) as unknown as { rows: PlanRows };
  const estimate = Math.round(plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  return { total: Math.max(estimate, counted), exact: false };
}

/** The total of a search whose matching rows `matches` selects: exact up to `limit`, estimated past it (see totalOf). */
export async function countMatches(db: Database, matches: SQLWrapper, limit: number): Promise<SearchTotal> {
  const counted = (await db.execute(sql`select ${boundedCount(matches, limit)} as total`)) as unknown as { rows: Array<{ total: number }> };
  return totalOf(db, matches, Number(counted.rows[0]?.total ?? 0), limit);
}

const isTracked = (table: PgTable, where: SQL | undefined) => !where && TRACKED_TABLES.has(getTableName(table));

/**
 * A tracked table's exact row count, as a scalar subquery: the sum of its slots in `row_counts` (schema.ts), null
 * for a table that is not tracked. The name is written into the text (the code's own table names only).
 */
export const trackedRowCount = (tableName: string) =>
  sql<number | null>`(select sum(${rowCounts.rowCount})::bigint from ${rowCounts} where ${rowCounts.tableName} = ${writtenLiteral(tableName)})`.mapWith(
    countOf,
  );

/**
 * The total of a search over one table. Unfiltered on a tracked table, it is read from `row_counts`
 * in constant time and exact; otherwise see countMatches.
 */
export async function searchTotal(db: Database, table: PgTable, where: SQL | undefined, limit: number): Promise<SearchTotal> {
  if (isTracked(table, where)) {
    const [tracked] = await db.select({ total: trackedRowCount(getTableName(table)) }).from(sql`(values (1)) as one`);
    if (tracked && tracked.total !== null) return { total: tracked.total, exact: true };
  }
  return countMatches(db, matchesOf(db, table, where), limit);
}

/**
 * The column a page's statement selects as `searchTotal`, so that the page and its total take one statement:
 * the tracked count of an unfiltered search, or the bounded count of `matches` (a scalar subquery, which
 * PostgreSQL computes once for the statement, and only if it returns a row).
 */
function totalColumn(table: PgTable, where: SQL | undefined, matches: SQLWrapper, limit: number) {
  const counted = isTracked(table, where) ? trackedRowCount(getTableName(table)) : boundedCount(matches, limit);
  return counted.as('search_total');
}

/** What a page's statement selects besides its rows: see totalColumn. */
export type TotalColumn = ReturnType<typeof totalColumn>;

/** Which rows to read for a page: OFFSET and LIMIT in the search's order, or in the reverse order. */
export interface PageWindow {
  offset: number;
  limit: number;
  reversed: boolean;
}

/** A window as a statement reads it: its offset and limit written as values, or as placeholders of a prepared statement. */
export interface StatementWindow {
  offset: number | Placeholder;
  limit: number | Placeholder;
  reversed: boolean;
}

/** Writes a criterion's value into a search's WHERE: as it is, or as a placeholder whose value is kept aside. */
export type Bind = <Value>(name: string, value: Value) => Value | Placeholder;

/** The values written as they are: for a statement built once (an export, a page read in a transaction). */
export const inline: Bind = (_name, value) => value;

/**
 * A search's criteria: its WHERE, each value written through `bind` under a name of its own, and what else shapes
 * the statement (its sort). Two searches whose criteria bind the same names in the same order and share `shape` have
 * the same SQL but for the values: searchPage prepares that statement once.
 */
export interface SearchCriteria {
  where: (bind: Bind) => SQL | undefined;
  shape: string;
}

/** A page's statement, as the route builds it (not yet run): a Drizzle select, which searchPage runs or prepares. */
interface PageStatement<Row> extends PromiseLike<Row[]> {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> };
  toSQL(): { params: unknown[] };
}

/** What builds a page's statement, given the window to read, the total to select and the search's WHERE. */
type PageRead<Row> = (db: Database, window: StatementWindow, total: TotalColumn, where: SQL | undefined) => PageStatement<Row>;

/**
 * The page statements built per database and per search shape: Drizzle builds each once, and each run sends it
 * with its values. Shapes are few (which criteria, which sort), so the map stays small.
 */
const preparedPages = new WeakMap<Database, Map<string, { execute(values: Record<string, unknown>): Promise<unknown[]> }>>();

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
 * A page of a search and its total. `read` builds the statement of the window's rows in the window's order, each
 * selecting `total` as `searchTotal`. An unfiltered search on a tracked table knows its exact total in constant time,
 * so a deep page reads it first and then the page from the nearer end (pageWindow), both in one
 * repeatable-read snapshot so that the total and the rows agree. Otherwise the page's statement, prepared once per
 * shape of the criteria, brings its total; only a page without rows past the first (the count is not run then) or a
 * match past the bound (the planner's estimate) takes a second statement.
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

/** How many first pages were named so far: each name is given once per process, for one text. */
let firstPageNames = 0;

/**
 * A window's number written into the statement's text: Drizzle writes an SQL object given as LIMIT or OFFSET as it is
 * (a number or a placeholder becomes a parameter).
 */
const writtenInText = (value: number) => writtenLiteral(Math.trunc(value)) as unknown as Placeholder;

/** The first window of a search (offset and limit as asked), by its shape's prepared statement. */
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
    // With values (criteria, a window), unnamed: PostgreSQL plans it with its values on every run, as a search text's
    // or a filter's selectivity asks (a named statement may switch to a generic plan after five runs); only Drizzle's
    // building is saved. Without any (the first page of a list without criteria, the most frequent search), the plan
    // PostgreSQL makes is the same on every run: named, it is planned once per connection (again after an ANALYZE).
    statement = built.prepare(built.toSQL().params.length === 0 ? `first_page_${(firstPageNames += 1)}` : '');
    statements.set(key, statement);
  }
  return (await statement.execute(values)) as Row[];
}

/**
 * The ids of a window's rows, in `order`: a search reads them first (an index-only scan skips the OFFSET's
 * rows), then the full rows and their joins for those ids only, `WHERE id IN (…)`.
 */
export function pageIds(db: Database, table: PgTable, id: PgColumn, where: SQL | undefined, order: SQL[], window: StatementWindow) {
  return db
    .select({ id })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset);
}
