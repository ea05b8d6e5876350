/** CSV as French spreadsheets open it: UTF-8 with a BOM, `;` separators, CRLF, RFC 4180 quoting. */

/** Only text is guarded against formulas. */
export type CsvKind = 'text' | 'number' | 'date' | 'boolean';

export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';

/**
 * A spreadsheet runs a cell starting with `=`, `+`, `-`, `@` (or a tab or CR) as a formula: such text gets a `'`
 * prefix (OWASP, CSV injection). Numbers never do, so that -10.5 stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

/** Null is an empty field. */
export function csvField(value: string | null, kind: CsvKind): string {
  if (value === null) return '';
  const shown = kind === 'text' && FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(shown) ? `"${shown.replaceAll('"', '""')}"` : shown;
}

export function csvLine(values: Array<string | null>, kinds: CsvKind[]): string {
  return values.map((value, index) => csvField(value, kinds[index] ?? 'text')).join(SEPARATOR) + LINE_END;
}

export const csvHeader = (names: string[]): string =>
  csvLine(
    names,
    names.map((): CsvKind => 'text'),
  );
