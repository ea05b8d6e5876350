import { AutocompleteInput, ReferenceInput, type Validator } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { resources } from '../../resources/endpoints';

export interface ReferenceAutocompleteProps {
  source: string;
  label: string;
  /** The linked resource. */
  reference: string;
  validate?: Validator[];
  /** In a list's filters: always shown (the lists have no "Add filter" menu). */
  alwaysOn?: boolean;
}

/**
 * A linked record picked by its name, the linked resource's own text search answering what is typed (as
 * OrganisationInput picks a company), ten at a time, in that resource's list order; the text of an option is the
 * resource's `recordRepresentation`. Not OrganisationInput itself: it takes no validators (a required link could not
 * say so) and writes `organisation_name`, whatever the record's name key.
 */
export const ReferenceAutocomplete = ({ source, label, reference, validate, alwaysOn }: ReferenceAutocompleteProps) => {
  // react-admin's autocomplete does not follow a disabled (read-only) form by itself.
  const { disabled } = useFormState();
  const sort = resources.find((resource) => resource.name === reference)?.listOpening?.sort;
  return (
    <ReferenceInput source={source} reference={reference} perPage={10} sort={sort}>
      <AutocompleteInput
        label={label}
        validate={validate}
        disabled={disabled}
        filterToQuery={(search: string) => ({ search })}
        fullWidth={!alwaysOn}
        sx={alwaysOn ? { minWidth: 220 } : undefined}
      />
    </ReferenceInput>
  );
};
