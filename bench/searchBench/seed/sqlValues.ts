import { sql, type SQL } from 'drizzle-orm';

/** Table letters of the bench's ids: row g of a table has id letter + g in hex, 24 characters (the ids' shape). */
export const ID_LETTER = { admins: 'a', users: 'b', companies: 'c', needs: 'd', offers: 'e', rooms: 'f', categoryImages: '1', auditEvents: '2' } as const;
type IdTable = keyof typeof ID_LETTER;

/** The id of row `rowNumber` (an SQL expression from 1 to the table's size) of `table`. */
export const idOf = (table: IdTable, rowNumber: SQL): SQL => sql`(${sql.raw(`'${ID_LETTER[table]}'`)} || lpad(to_hex(${rowNumber}), 23, '0'))`;

/** The same id, for a row number known here (the searches' probe values). */
export const idOfRow = (table: IdTable, rowNumber: number): string => `${ID_LETTER[table]}${rowNumber.toString(16).padStart(23, '0')}`;

/** A row number from 1 to `rows`, spread by a hash of `g`: some parents get several children, some none. */
export const spreadOver = (g: SQL, rows: number, salt: number): SQL =>
  sql`(1 + abs(hashint8(${g}::bigint * ${sql.raw(String(salt))})::bigint) % ${sql.raw(String(rows))})`;

/** Creation dates spread evenly over 1 000 days, row 1 the oldest, whatever the table's size. */
export const createdAtOf = (g: SQL, rows: number): SQL =>
  sql`(timestamptz '2023-01-01 00:00:00+00' + make_interval(secs => ${g}::double precision * 86400000 / ${sql.raw(String(rows))}))`;

/** The day a row of the given number was created: where the date filters of the searches point. */
export const createdAtOfRow = (rowNumber: number, rows: number): Date => new Date(Date.UTC(2023, 0, 1) + (rowNumber * 86_400_000_000) / rows);

/** A constant text array literal; the values are the bench's own words, quotes doubled. */
export const textArray = (values: readonly string[]): SQL => sql.raw(`ARRAY[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]::text[]`);

/** Element `index` (any integer expression) of a constant list, cycling. */
export const pickFrom = (values: readonly string[], index: SQL): SQL => sql`(${textArray(values)})[1 + (${index}) % ${sql.raw(String(values.length))}]`;

/** The series of row numbers 1..rows, as `g`. */
export const rowSeries = (rows: number): SQL => sql`generate_series(1, ${sql.raw(String(rows))}) as g`;
export const g = sql.raw('g');
