import * as drizzle from 'drizzle-orm';
import type { Query } from 'drizzle-orm';
import { QueryBuilder, type PreparedQueryConfig, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

/**
 * Builds selects without a database (`statements.select(…)`), for reusableSelect: a statement's text does not depend on
 * the database it runs on.
 */
export const statements = new QueryBuilder();

/**
 * drizzle-orm's own ordering of a selection's fields as a row's values come (what its selects prepare with), exported
 * by its utils but left out of its types as internal.
 */
const orderSelectedFields = (() => {
  const exported = (drizzle as { orderSelectedFields?: unknown }).orderSelectedFields;
  // Checked at start: a drizzle-orm without it must not wait for the first update to fail.
  if (typeof exported !== 'function') throw new Error('drizzle-orm no longer exports orderSelectedFields, which reusableSelect needs');
  return exported as (fields: Record<string, unknown>) => SelectedFieldsOrdered;
})();

/** A select as Drizzle built it: its text and values (placeholders among them), and the fields its rows map to. */
interface BuiltSelect<Row> {
  toSQL(): Query;
  _: { selectedFields: Record<string, unknown>; result: Row[] };
}

/**
 * A select built once, with placeholders for its values, that runs by `name` on any session, a transaction's included:
 * Drizzle's `.prepare()` binds a statement to the session it was built on (the pool, outside a transaction), and
 * building a select with WITH queries and aliases took more of the server's CPU than PostgreSQL took to run it. Each
 * PostgreSQL connection parses and plans it once; PGlite's thread keeps its text parsed (server/db/pgliteStatements.ts). Rows
 * map as Drizzle's select maps them, but for left-joined tables' all-null objects, which stay objects: use it for
 * selections whose nested objects come from the FROM table or inner joins.
 */
export function reusableSelect<Row>(built: BuiltSelect<Row>, name: string): (db: Database, values: Record<string, unknown>) => Promise<Row[]> {
  const query = built.toSQL();
  const fields = orderSelectedFields(built._.selectedFields);
  return (db, values) => db._.session.prepareQuery<PreparedQueryConfig & { execute: Row[] }>(query, fields, name, true).execute(values);
}
