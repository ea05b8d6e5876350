import { SimpleShowLayout } from 'react-admin';
import { FieldValue } from './FieldValue';
import type { FieldEntity } from './fieldEntity';

/** Every declared field of the record, labelled, as text, in the declaration's order. */
export const FieldShowLayout = ({ entity }: { entity: FieldEntity }) => (
  <SimpleShowLayout>
    {Object.entries(entity.fields).map(([name, field]) => (
      <FieldValue key={name} source={name} label={field.label} field={field} />
    ))}
  </SimpleShowLayout>
);
