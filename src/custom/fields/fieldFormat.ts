import type { RaRecord } from 'react-admin';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import { enumLabel, numberLabel, type FieldDeclaration } from '../../../shared/entities/fields';
import { shortText } from '../components/recordTitle';
import { formatCredit } from '../product';
import { shownKey } from './shownKey';
import type { FieldEntity } from './fieldEntity';

/** A `date` field's `2026-11-21` as `21/11/2026`, the date part of formatShortDateTime; read as written, so no time zone moves it. */
export function formatShortDate(value: unknown): string {
  const parts = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return parts ? `${parts[3]}/${parts[2]}/${parts[1]}` : '';
}

/**
 * A field's value as text, in the spec's formats: credits in the product's unit, dates as the rest of the console
 * writes them, an enum (or a number from a list) by its label, a reference by its record's name; '' when empty.
 * `short` cuts a long text to a line.
 */
export function fieldText(name: string, field: FieldDeclaration, record: RaRecord, { short = false } = {}): string {
  const value: unknown = record[shownKey(name, field)];
  if (value === undefined || value === null || value === '') return '';
  switch (field.type) {
    case 'credits':
    case 'integer':
      if (field.values) return numberLabel(field, Number(value));
      return field.type === 'credits' ? formatCredit(Number(value)) : String(value);
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'date':
      return formatShortDate(value);
    case 'timestamp':
      return formatShortDateTime(String(value));
    case 'enum':
      return enumLabel(field, String(value));
    case 'files': {
      const count = Array.isArray(value) ? value.length : 0;
      return `${count} ${count === 1 ? 'file' : 'files'}`;
    }
    case 'longText':
      return short ? shortText(value) : String(value);
    default:
      return String(value);
  }
}

/** The record's name: its `recordRepresentation` field as text, on one line (titles, the phone list's first line). */
export function recordName(entity: FieldEntity, record: RaRecord): string {
  const name = entity.recordRepresentation;
  const field = entity.fields[name];
  return field ? shortText(fieldText(name, field, record)) : '';
}
