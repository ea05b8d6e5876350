import * as drizzle from 'drizzle-orm';
import type { Query } from 'drizzle-orm';
import { QueryBuilder, type PreparedQueryConfig, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

/** Selects built without a database, for reusableSelect: a statement's text does not depend on the database. */
export const statements = new QueryBuilder();

/** Exported by drizzle-orm's utils but left out of its types as internal: how a select maps a row's values to fields. */
const orderSelectedFields = (() => {
  const exported = (drizzle as { orderSelectedFields?: unknown }).orderSelectedFields;
  // Checked at load, so that a drizzle-orm upgrade that drops it fails at start with a clear message.
  if (typeof exported !== 'function') throw new Error('drizzle-orm no longer exports orderSelectedFields, which reusableSelect needs');
  return exported as (fields: Record<string, unknown>) => SelectedFieldsOrdered;
})();

interface BuiltSelect<Row> {
  toSQL(): Query;
  _: { selectedFields: Record<string, unknown>; result: Row[] };
}

/**
 * Runs by `name` on any session, a transaction's included: Drizzle's `.prepare()` binds to the session it was built on,
 * and building a select with WITH queries and aliases took more CPU than PostgreSQL took to run it. Each connection
 * plans it once; PGlite's thread keeps it parsed (server/db/pgliteStatements.ts). Unlike Drizzle, a left-joined table's
 * all-null object stays an object: nest only the FROM table or inner joins. The offer update alone: 314 → 697 req/s
 * (docs/benchmarks.md, "Load"); entityRoutes.ts names each entity's reads with it.
 */
export function reusableSelect<Row>(built: BuiltSelect<Row>, name: string): (db: Database, values: Record<string, unknown>) => Promise<Row[]> {
  const query = built.toSQL();
  const fields = orderSelectedFields(built._.selectedFields);
  return (db, values) => db._.session.prepareQuery<PreparedQueryConfig & { execute: Row[] }>(query, fields, name, true).execute(values);
}
