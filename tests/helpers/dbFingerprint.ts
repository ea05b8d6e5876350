import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';

/** Both drivers (PGlite, node-postgres) answer raw SQL with `{ rows }`. */
type Rows<Row> = { rows: Row[] };

/**
 * Tables and columns left out of a fingerprint, because a refused request may change them:
 * - `rate_limits`: counting refusals is its purpose (a failed sign-in, a throttled call), so a
 *   refused request adds to it by design.
 * - a session's last-seen column, if sessions ever get one: reading with a session refreshes it.
 * - the rows of VOLATILE_ROWS below.
 * Everything else in the public schema counts, including tables added later.
 */
const VOLATILE_TABLES = new Set(['rate_limits']);
const isVolatileColumn = (table: string, column: string): boolean => table === 'sessions' && /^last_(seen|used|active)/.test(column);
/**
 * Rows a refused request writes by design, left out of their table's fingerprint (where the table
 * has the column): the audit trail records a failed sign-in, which is answered 401; `row_counts`
 * keeps trigger-maintained counts of tables (migrations 0005, 0019), so its rows (slots) for such a table move too.
 */
const VOLATILE_ROWS: Record<string, { column: string; keep: string }> = {
  audit_events: { column: 'action', keep: `t."action" IS DISTINCT FROM 'failed_sign_in'` },
  row_counts: { column: 'table_name', keep: `t."table_name" NOT IN ('audit_events', 'rate_limits')` },
};

export interface TableFingerprint {
  rows: number;
  hash: string;
}

export type Fingerprint = Record<string, TableFingerprint>;

const quote = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;

/**
 * Builds a function that fingerprints every table of the public schema in one statement: per table,
 * its row count and the sum of a 64-bit hash of each row's text, so that any insert, update or
 * delete shows. (A sum needs no sort, unlike an md5 over the ordered rows: half the time per request.)
 */
export async function tableFingerprinter(db: Database): Promise<{ tables: string[]; fingerprint: () => Promise<Fingerprint> }> {
  const columns = (await db.execute(sql`
    SELECT c.table_name, c.column_name
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`)) as unknown as Rows<{ table_name: string; column_name: string }>;
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns.rows) {
    if (VOLATILE_TABLES.has(table) || isVolatileColumn(table, column)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  const tables = [...byTable.keys()];
  if (!tables.length) throw new Error('no table to fingerprint in the public schema');
  const parts = tables.map((table) => {
    const tableColumns = byTable.get(table) ?? [];
    const row = `ROW(${tableColumns.map((column) => `t.${quote(column)}`).join(', ')})::text`;
    const rows = VOLATILE_ROWS[table];
    const where = rows && tableColumns.includes(rows.column) ? ` WHERE ${rows.keep}` : '';
    return `SELECT '${table.replaceAll("'", "''")}' AS name, count(*)::int AS row_count, coalesce(sum(hashtextextended(${row}, 0)::numeric), 0)::text AS hash FROM ${quote(table)} t${where}`;
  });
  const statement = sql.raw(parts.join('\nUNION ALL\n'));
  return {
    tables,
    async fingerprint() {
      const result = (await db.execute(statement)) as unknown as Rows<{ name: string; row_count: number | string; hash: string }>;
      return Object.fromEntries(result.rows.map((row) => [row.name, { rows: Number(row.row_count), hash: row.hash }]));
    },
  };
}

/** The tables whose rows differ between two fingerprints, with their counts before and after. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((name) => before[name]?.hash !== after[name]?.hash || before[name]?.rows !== after[name]?.rows)
    .map((name) => `${name} (${before[name]?.rows ?? '-'} -> ${after[name]?.rows ?? '-'} rows)`);
}
