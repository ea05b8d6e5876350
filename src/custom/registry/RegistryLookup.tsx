import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { environment } from '../../providers';
import { REGISTRY_MIN_QUERY_LENGTH, registryToCompanyFields, searchRegistry } from './registryClient';
import type { RegistryEntry } from '../../../shared/contract/registry';

const DEBOUNCE_MS = 300;
const LIST_MAX_HEIGHT = 240;

const describe = (entry: RegistryEntry) =>
  [entry.denomination || entry.nom_entreprise, entry.siege?.code_postal, entry.siege?.ville].filter(Boolean).join(' · ');

/** Registry suggestions for the company's name; choosing one fills the form. A failed lookup is only logged. */
export const RegistryLookup = ({ search = searchRegistry }: { search?: typeof searchRegistry }) => {
  const { setValue } = useFormContext();
  const { disabled } = useFormState();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<RegistryEntry[]>([]);

  const query = input.trim();
  const searching = query.length >= REGISTRY_MIN_QUERY_LENGTH;

  useEffect(() => {
    if (!searching) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(query, { url: environment.registryUrl, token: environment.registryToken, signal: controller.signal })
        .then(setOptions)
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.error('Company registry lookup failed', error);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, searching, search]);

  const fill = (entry: RegistryEntry) => {
    const fields = registryToCompanyFields(entry);
    for (const [name, value] of Object.entries(fields)) setValue(name, value, { shouldDirty: true });
    // A domain from the registry makes any previous sub-domain meaningless.
    if ('activity_domain' in fields) setValue('sub_activity_domain', null, { shouldDirty: true });
  };

  // A read-only form (an admin who may not update the company) has nothing to fill.
  if (disabled) return null;
  return (
    <Autocomplete
      options={searching ? options : []}
      filterOptions={(all) => all}
      getOptionLabel={(option) => (typeof option === 'string' ? option : describe(option))}
      freeSolo
      inputValue={input}
      onInputChange={(_event, value) => setInput(value)}
      onChange={(_event, value) => {
        if (value && typeof value !== 'string') fill(value);
      }}
      slotProps={{ listbox: { style: { maxHeight: LIST_MAX_HEIGHT, overflow: 'auto' } } }}
      sx={{ mb: 2, maxWidth: 480 }}
      renderInput={(params) => <TextField {...params} label="Search the company registry" helperText="Fills the form from the public registry" />}
    />
  );
};
