import type { ReactElement, ReactNode } from 'react';
import { FunctionField, TextField, type RaRecord } from 'react-admin';
import { fieldsIn, type FieldDeclaration } from '../../../shared/entities/fields';
import { fieldText } from './fieldFormat';
import { shownKey } from './shownKey';
import { ReferenceLink } from './ReferenceLink';
import type { FieldEntity } from './fieldEntity';

/** A field's list cell written by hand (a percent, a badge): the rest of the column (label, sort, alignment) stays derived. */
export type ListCell = (record: RaRecord) => ReactNode;

/** One column: a plain text as react-admin's TextField, any other value formatted (fieldText), numbers right-aligned. */
function fieldColumn(name: string, field: FieldDeclaration, cell?: ListCell): ReactElement {
  // The sort key of a reference is its name (sortKeysOf), the column the list shows.
  const common = { source: shownKey(name, field), label: field.listLabel ?? field.label, sortable: field.sortable === true };
  if (!cell && (field.type === 'text' || field.type === 'email' || field.type === 'url')) return <TextField key={name} {...common} />;
  return (
    <FunctionField
      key={name}
      {...common}
      textAlign={field.type === 'credits' || field.type === 'integer' ? 'right' : undefined}
      render={(record: RaRecord) =>
        cell ? (
          cell(record)
        ) : field.type === 'reference' ? (
          <ReferenceLink name={name} field={field} record={record} />
        ) : (
          fieldText(name, field, record, { short: true })
        )
      }
    />
  );
}

/**
 * The list's columns: the fields with `list: true`, in the declaration's order, a field's cell replaced where `cells`
 * names it; the sortable ones are the phone's sort choices too.
 */
export const fieldColumns = (entity: FieldEntity, cells: Readonly<Record<string, ListCell>> = {}): ReactElement[] =>
  fieldsIn(entity, 'list').map((name) => fieldColumn(name, entity.fields[name] as FieldDeclaration, cells[name]));
