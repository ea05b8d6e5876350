import { AutocompleteInput, ReferenceInput, type RaRecord } from 'react-admin';
import { useFormContext } from 'react-hook-form';

/**
 * A company autocomplete by name. The chosen company's name is set as `organisation_name` so that the form shows it;
 * the server ignores that field and keeps the company's own name (`userUpdateBody` in shared/contract/users.ts).
 */
export const OrganisationInput = ({ source = 'organisation_id', label = 'Organisation' }: { source?: string; label?: string }) => {
  const { setValue } = useFormContext();
  return (
    <ReferenceInput source={source} reference="company" perPage={10} sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput
        label={label}
        optionText="name"
        filterToQuery={(search: string) => ({ search })}
        onChange={(_value: unknown, record: RaRecord | '') => setValue('organisation_name', record ? record.name : null, { shouldDirty: true })}
        fullWidth
      />
    </ReferenceInput>
  );
};
