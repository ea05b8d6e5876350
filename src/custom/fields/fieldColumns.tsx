import type { ReactElement } from 'react';
import { FunctionField, TextField, type RaRecord } from 'react-admin';
import { fieldsIn, type FieldDeclaration } from '../../../shared/entities/fields';
import { fieldText } from './fieldFormat';
import { shownKey } from './shownKey';
import { ReferenceLink } from './ReferenceLink';
import type { FieldEntity } from './fieldEntity';

/** One column: a plain text as react-admin's TextField, any other value formatted (fieldText), numbers right-aligned. */
function fieldColumn(name: string, field: FieldDeclaration): ReactElement {
  // The sort key of a reference is its name (sortKeysOf), the column the list shows.
  const common = { source: shownKey(name, field), label: field.listLabel ?? field.label, sortable: field.sortable === true };
  if (field.type === 'text' || field.type === 'email' || field.type === 'url') return <TextField key={name} {...common} />;
  return (
    <FunctionField
      key={name}
      {...common}
      textAlign={field.type === 'credits' || field.type === 'integer' ? 'right' : undefined}
      render={(record: RaRecord) =>
        field.type === 'reference' ? <ReferenceLink name={name} field={field} record={record} /> : fieldText(name, field, record, { short: true })
      }
    />
  );
}

/** The list's columns: the fields with `list: true`, in the declaration's order; the sortable ones are the phone's sort choices too. */
export const fieldColumns = (entity: FieldEntity): ReactElement[] =>
  fieldsIn(entity, 'list').map((name) => fieldColumn(name, entity.fields[name] as FieldDeclaration));
