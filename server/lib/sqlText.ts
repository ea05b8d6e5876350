import { sql, type SQLWrapper } from 'drizzle-orm';

/** As the API writes timestamps (`Date.toISOString`), by the database, so rows need no conversion for JSON or CSV. */
export const isoTimestampText = (value: SQLWrapper) => sql<string>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Written into the text rather than sent as a parameter, so the plan knows it (once for all runs when prepared).
 * Only for the code's own constants (catalogue names, table names, configured bounds), never for request input.
 */
export const writtenLiteral = (value: string | number) =>
  sql.raw(typeof value === 'number' ? String(Number.isFinite(value) ? value : 0) : `'${value.replaceAll("'", "''")}'`);
