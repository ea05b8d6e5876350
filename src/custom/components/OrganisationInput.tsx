import { AutocompleteInput, ReferenceInput, type RaRecord } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';

/**
 * A company autocomplete by name. The chosen company's name is set as `organisation_name` so that the form shows it;
 * the server ignores that field and keeps the company's own name (`userUpdateBody` in shared/contract/users.ts).
 */
export const OrganisationInput = ({ source = 'organisation_id', label = 'Organisation' }: { source?: string; label?: string }) => {
  const { setValue } = useFormContext();
  // react-admin's autocomplete does not follow a disabled (read-only) form by itself.
  const { disabled } = useFormState();
  return (
    <ReferenceInput source={source} reference="company" perPage={10} sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput
        label={label}
        optionText="name"
        disabled={disabled}
        filterToQuery={(search: string) => ({ search })}
        onChange={(_value: unknown, record: RaRecord | '') => setValue('organisation_name', record ? record.name : null, { shouldDirty: true })}
        fullWidth
      />
    </ReferenceInput>
  );
};
