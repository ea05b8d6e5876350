import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * A timestamp as the API writes it (ISO 8601 in UTC, to the millisecond, `Date.toISOString`), written by the
 * database: the rows then need no conversion on their way to JSON or CSV.
 */
export const isoTimestampText = (value: SQLWrapper) => sql<string>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A constant written into a statement's text rather than sent as a parameter: a statement whose values are all in
 * its text is planned knowing them, once for all its runs when it is prepared. Only for the code's own constants
 * (catalogue names, table names, configured bounds), never for what a request brings.
 */
export const writtenLiteral = (value: string | number) =>
  sql.raw(typeof value === 'number' ? String(Number.isFinite(value) ? value : 0) : `'${value.replaceAll("'", "''")}'`);
