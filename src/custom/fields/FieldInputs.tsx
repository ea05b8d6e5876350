import { Fragment, useMemo, type ReactElement } from 'react';
import { BooleanInput, DateInput, DateTimeInput, Labeled, NumberInput, SelectInput, TextInput } from 'react-admin';
import { writableFields, type FieldDeclaration } from '../../../shared/entities/fields';
import { FieldRow } from '../components/FieldRow';
import { enumChoices, numberChoices } from './fieldChoices';
import { fieldValidators } from './fieldValidators';
import { FieldValue } from './FieldValue';
import { ReferenceAutocomplete } from './ReferenceAutocomplete';
import type { FieldEntity } from './fieldEntity';

/** A date and time input's local value as the API's ISO timestamp. */
const toTimestamp = (value: unknown) => (value ? new Date(String(value)).toISOString() : null);

/** The input of one writable field, with the validators of its rules; on create, its declared default (a switch is off unless told). */
function FieldInput({ name, field, on }: { name: string; field: FieldDeclaration; on: 'create' | 'edit' }) {
  const defaultValue = on === 'create' ? (field.default ?? (field.type === 'boolean' ? false : undefined)) : undefined;
  const validate = useMemo(() => fieldValidators(field), [field]);
  const common = { source: name, label: field.label, validate, defaultValue };
  switch (field.type) {
    case 'longText':
      return <TextInput {...common} multiline minRows={3} fullWidth />;
    case 'email':
      return <TextInput {...common} type="email" fullWidth />;
    case 'url':
      return <TextInput {...common} type="url" fullWidth />;
    case 'credits':
    case 'integer':
      if (field.values) return <SelectInput {...common} choices={numberChoices(field)} fullWidth />;
      return <NumberInput {...common} step={field.type === 'credits' ? 0.01 : 1} fullWidth />;
    case 'boolean':
      // A switch is on or off, never empty: no presence rule, nor its asterisk.
      return <BooleanInput source={name} label={field.label} defaultValue={defaultValue} />;
    case 'date':
      return <DateInput {...common} fullWidth />;
    case 'timestamp':
      return <DateTimeInput {...common} parse={toTimestamp} fullWidth />;
    case 'enum':
      return <SelectInput {...common} choices={enumChoices(field)} fullWidth />;
    case 'reference':
      return <ReferenceAutocomplete source={name} label={field.label} reference={field.to} validate={validate} />;
    case 'files':
      // An upload goes to one of the server's folders, which the declaration does not name yet: the files are shown, not uploaded here.
      return on === 'edit' ? <ReadOnlyField name={name} field={field} /> : null;
    default:
      return <TextInput {...common} fullWidth />;
  }
}

/** A field the form may not change (read-only, or given on create only), as plain text: nothing to type into, nothing greyed out. */
const ReadOnlyField = ({ name, field }: { name: string; field: FieldDeclaration }) => (
  <Labeled label={field.label}>
    <FieldValue source={name} label={field.label} field={field} />
  </Labeled>
);

interface FieldInputsProps {
  entity: FieldEntity;
  on: 'create' | 'edit';
  inputs?: Readonly<Record<string, ReactElement>>;
  /** Fields shown side by side (a FieldRow), where the row's first field comes; the others one a line. */
  rows?: readonly (readonly string[])[];
}

/**
 * The create dialog's inputs (the fields a create body takes) or the record page's (those an update takes, and the
 * others as plain text), in the declaration's order; `inputs` replaces a field's own (a catalogue's select).
 */
export const FieldInputs = ({ entity, on, inputs = {}, rows = [] }: FieldInputsProps) => {
  const writable = new Set(writableFields(entity, on === 'create' ? 'create' : 'update'));
  const shown = (name: string, field: FieldDeclaration) =>
    writable.has(name) ? (
      <Fragment key={name}>{inputs[name] ?? <FieldInput name={name} field={field} on={on} />}</Fragment>
    ) : on === 'edit' ? (
      <ReadOnlyField key={name} name={name} field={field} />
    ) : null;
  const rowOf = (name: string) => rows.find((row) => row.includes(name));
  return (
    <>
      {Object.entries(entity.fields).map(([name, field]) => {
        const row = rowOf(name);
        if (!row) return shown(name, field);
        if (row[0] !== name) return null;
        const members = row.flatMap((member) => {
          const memberField = entity.fields[member];
          const input = memberField && shown(member, memberField);
          return input ? [input] : [];
        });
        return members.length ? <FieldRow key={name}>{members}</FieldRow> : null;
      })}
    </>
  );
};
