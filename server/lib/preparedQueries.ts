import type { Database } from '../db/client';

/**
 * A statement of fixed shape built once per database and prepared by name (`build` ends with `.prepare(name)`):
 * Drizzle does not build its SQL again, and each PostgreSQL connection parses and plans it once.
 */
export function preparedPerDatabase<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
