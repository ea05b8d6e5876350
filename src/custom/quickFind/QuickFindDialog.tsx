import { Autocomplete, Box, Dialog, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useCreatePath } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { navigation } from '../../resources';
import { useListable } from '../components/useListable';
import { MIN_QUERY_LENGTH, useQuickFindResults, type QuickFindHit } from './useQuickFindResults';

type QuickFindOption = { key: string; group: string; primary: string; secondary: string; to: string };

const pageOption = (label: string, to: string, resource?: string) => ({ key: `page:${to}`, group: 'Go to', primary: label, secondary: '', to, resource });

/** The menu's screens, each with the resource it lists (Dashboard and My Account, none: every admin has them). */
const pages = [
  pageOption('Dashboard', '/'),
  ...navigation.map((entry) => pageOption(entry.label, entry.to, entry.resource)),
  pageOption('My Account', '/account'),
];
const pageResources = navigation.map((entry) => entry.resource);

/** The screens whose name holds the query, of those the admin's menu shows. */
function useMatchingPages(query: string): QuickFindOption[] {
  const listable = useListable(pageResources);
  const wanted = query.trim().toLowerCase();
  return pages.filter((page) => (page.resource === undefined || listable(page.resource)) && (!wanted || page.primary.toLowerCase().includes(wanted)));
}

/** One field that searches the records' lists and the menu's screens (MUI Autocomplete's combobox: arrows, Enter, Escape). */
export const QuickFindDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const [query, setQuery] = useState('');
  const { hits, failed, searching, enabled } = useQuickFindResults(query);
  const matchingPages = useMatchingPages(query);
  const createPath = useCreatePath();
  const navigate = useNavigate();

  const recordOption = ({ source, record }: QuickFindHit): QuickFindOption => ({
    key: `${source.resource}:${String(record.id)}`,
    group: source.group,
    primary: source.primary(record) || String(record.id),
    secondary: source.secondary(record),
    to: createPath({ resource: source.resource, id: record.id, type: 'edit' }),
  });
  const options = [...matchingPages, ...hits.map(recordOption)];

  const close = () => {
    setQuery('');
    onClose();
  };
  const noOptionsText = !enabled ? `Type at least ${MIN_QUERY_LENGTH} characters to search records` : searching ? 'Searching…' : 'No match';

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { 'aria-label': 'Quick find' } }}
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
    >
      <Box sx={{ p: 2 }}>
        <Autocomplete<QuickFindOption, false, false, false>
          open
          // The list stays open while the dialog is: Escape closes the dialog itself.
          onClose={(_event, reason) => {
            if (reason === 'escape') close();
          }}
          disablePortal
          autoHighlight
          options={options}
          filterOptions={(unfiltered) => unfiltered}
          groupBy={(option) => option.group}
          getOptionLabel={(option) => option.primary}
          getOptionKey={(option) => option.key}
          isOptionEqualToValue={(option, value) => option.key === value.key}
          inputValue={query}
          onInputChange={(_event, value, reason) => {
            if (reason !== 'reset') setQuery(value);
          }}
          value={null}
          onChange={(_event, option) => {
            if (!option) return;
            close();
            navigate(option.to);
          }}
          loading={searching}
          loadingText="Searching…"
          noOptionsText={noOptionsText}
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props}>
              <Box sx={{ minWidth: 0 }}>
                <Typography noWrap>{option.primary}</Typography>
                {option.secondary && (
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {option.secondary}
                  </Typography>
                )}
              </Box>
            </li>
          )}
          slotProps={{ paper: { elevation: 0 }, listbox: { sx: { maxHeight: '60vh' } } }}
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              label="Quick find"
              placeholder="Name, e-mail, SIRET, title…"
              helperText={failed ? 'Some lists could not be searched.' : ' '}
            />
          )}
        />
      </Box>
    </Dialog>
  );
};
