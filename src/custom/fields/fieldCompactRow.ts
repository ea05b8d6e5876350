import type { RaRecord } from 'react-admin';
import { fieldsIn, type FieldDeclaration } from '../../../shared/entities/fields';
import { joined, type CompactRow } from '../components/CompactList';
import { fieldText, recordName } from './fieldFormat';
import type { FieldEntity } from './fieldEntity';

/** What the end of a phone row's first line shows: an amount or a date, as the hand-written lists do. */
const AT_THE_END = new Set<FieldDeclaration['type']>(['credits', 'date', 'timestamp']);

/**
 * The list on a phone: the record's name first, the first amount or date of the columns at the end of that line,
 * the other columns below, ' · ' between them.
 */
export function fieldCompactRow(entity: FieldEntity): CompactRow<RaRecord> {
  const columns = fieldsIn(entity, 'list')
    .filter((name) => name !== entity.recordRepresentation)
    .map((name) => ({ name, field: entity.fields[name] as FieldDeclaration }));
  const end = columns.find(({ field }) => AT_THE_END.has(field.type));
  const below = columns.filter((column) => column !== end);
  return {
    primary: (record) => recordName(entity, record),
    tertiary: end ? (record) => fieldText(end.name, end.field, record) : undefined,
    secondary: below.length > 0 ? (record) => joined(...below.map(({ name, field }) => fieldText(name, field, record, { short: true }))) : undefined,
  };
}
