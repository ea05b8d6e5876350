import { AutocompleteInput, ReferenceInput, type RaRecord } from 'react-admin';
import { useFormContext } from 'react-hook-form';

/**
 * The organisation of a user, offer or need: a company autocomplete by name. The chosen company's
 * name travels along as `organisation_name` (PUT /user: `userUpdateBody` in shared/contract/users.ts).
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
