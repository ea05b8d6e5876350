/**
 * CSV as French spreadsheets open it: UTF-8 with a byte-order mark, `;` between fields, CRLF after
 * each line, fields quoted as RFC 4180 says (when they hold `;`, `"`, CR or LF; quotes doubled).
 */

/** How a column's values are written: text is guarded against formulas, numbers and dates are not. */
export type CsvKind = 'text' | 'number' | 'date' | 'boolean';

export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';

/**
 * A spreadsheet runs a cell that begins with `=`, `+`, `-` or `@` (and may after a tab or CR) as a
 * formula: such text is prefixed with `'` so that it shows as typed (OWASP, CSV injection). Numbers
 * never go through it, so that -10.5 stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

/** One field; null is an empty field. */
export function csvField(value: string | null, kind: CsvKind): string {
  if (value === null) return '';
  const shown = kind === 'text' && FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(shown) ? `"${shown.replaceAll('"', '""')}"` : shown;
}

/** One line, its line end included. */
export function csvLine(values: Array<string | null>, kinds: CsvKind[]): string {
  return values.map((value, index) => csvField(value, kinds[index] ?? 'text')).join(SEPARATOR) + LINE_END;
}

/** The header line: the columns' names, written as text. */
export const csvHeader = (names: string[]): string =>
  csvLine(
    names,
    names.map((): CsvKind => 'text'),
  );
