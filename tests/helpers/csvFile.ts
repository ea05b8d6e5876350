/** Reads a CSV export as a spreadsheet would: BOM, `;`, CRLF, RFC 4180 quotes. For the export tests. */
export interface CsvFile {
  bom: boolean;
  header: string[];
  rows: Array<Record<string, string>>;
}

/** The fields of every record; a quoted field may hold `;`, `"` (doubled) and line breaks. */
export function parseCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 1;
    } else field += char;
  }
  if (field || record.length) throw new Error('the file does not end with CRLF');
  return records;
}

export function readCsv(body: string): CsvFile {
  const bom = body.startsWith('\uFEFF');
  const [header = [], ...records] = parseCsvRecords(bom ? body.slice(1) : body);
  for (const record of records) if (record.length !== header.length) throw new Error(`a record of ${record.length} fields: ${record.join(';')}`);
  return { bom, header, rows: records.map((record) => Object.fromEntries(header.map((name, index) => [name, record[index] ?? '']))) };
}
