import type { ReactElement } from 'react';
import { DateInput, NullableBooleanInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { fieldsIn, type FieldDeclaration } from '../../../shared/entities/fields';
import { searchFilter } from '../components/ResourceList';
import { enumChoices, numberChoices } from './fieldChoices';
import { ReferenceAutocomplete } from './ReferenceAutocomplete';
import type { FieldEntity } from './fieldEntity';

/**
 * A criterion of the search body, which compares for equality: the input gives the value as the body takes it
 * (a number for an amount, `2026-11-21` for a date). Always on (the lists have no "Add filter" menu), unless shown only
 * while set ('whenSet').
 */
function fieldFilter(name: string, field: FieldDeclaration): ReactElement {
  const common = { source: name, label: field.listLabel ?? field.label, alwaysOn: field.filter !== 'whenSet' };
  switch (field.type) {
    case 'enum':
      return <SelectInput key={name} {...common} choices={enumChoices(field)} />;
    case 'boolean':
      return <NullableBooleanInput key={name} {...common} />;
    case 'reference':
      return <ReferenceAutocomplete key={name} {...common} reference={field.to} />;
    case 'credits':
    case 'integer':
      return field.values ? <SelectInput key={name} {...common} choices={numberChoices(field)} /> : <NumberInput key={name} {...common} />;
    case 'date':
      return <DateInput key={name} {...common} />;
    default:
      return <TextInput key={name} {...common} />;
  }
}

/**
 * The list's filters: the text search when a field is searched, then one per filtered field not 'hidden', in the
 * declaration's order; `inputs` replaces a field's own (a catalogue's select).
 */
export const fieldFilters = (entity: FieldEntity, inputs: Readonly<Record<string, ReactElement>> = {}): ReactElement[] => [
  ...(fieldsIn(entity, 'searched').length > 0 ? [searchFilter] : []),
  ...fieldsIn(entity, 'filter').flatMap((name) => {
    const field = entity.fields[name] as FieldDeclaration;
    return field.filter === 'hidden' ? [] : [inputs[name] ?? fieldFilter(name, field)];
  }),
];
