import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * A timestamp as the API writes it (ISO 8601 in UTC, to the millisecond, `Date.toISOString`), written by the
 * database: the rows then need no conversion on their way to JSON or CSV.
 */
export const isoTimestampText = (value: SQLWrapper) => sql<string>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
