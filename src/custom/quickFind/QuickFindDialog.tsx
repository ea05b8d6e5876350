import { Autocomplete, Box, Dialog, TextField, Typography, type PopperProps } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useCreatePath } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { navigation } from '../../resources';
import { useListable } from '../components/useListable';
import { MIN_QUERY_LENGTH, useQuickFindResults, type QuickFindHit, type QuickFindMore } from './useQuickFindResults';

type QuickFindOption = { key: string; group: string; primary: string; secondary: string; to: string };

const pageOption = (label: string, to: string, resource?: string) => ({ key: `page:${to}`, group: 'Go to', primary: label, secondary: '', to, resource });

/** Each source's hits with its "see all", in the sources' order. */
function quickFindGroups(hits: QuickFindHit[], more: QuickFindMore[]) {
  const sources = [...new Set([...hits.map((hit) => hit.source), ...more.map((one) => one.source)])];
  return sources.map((source) => ({ groupHits: hits.filter((hit) => hit.source === source), groupMore: more.find((one) => one.source === source) }));
}

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

/**
 * The results in the dialog's own flow, below the field, instead of a popper floating over it: the dialog grows with
 * them (scrolling past the screen's height), where a popper was clipped to the dialog's first 110 px.
 */
const InlineResults = ({ open, children }: PopperProps) => (open ? <Box sx={{ mt: 1 }}>{children as ReactNode}</Box> : null);

/** One field that searches the records' lists and the menu's screens (MUI Autocomplete's combobox: arrows, Enter, Escape). */
export const QuickFindDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const [query, setQuery] = useState('');
  const { hits, more, failed, searching, enabled, query: searched } = useQuickFindResults(query);
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
  // "See all": the source's list, filtered by its search as if typed there.
  const moreOption = ({ source, total }: QuickFindMore): QuickFindOption => ({
    key: `all:${source.resource}`,
    group: source.group,
    primary: `See all ${total} ${source.group.toLowerCase()}`,
    secondary: '',
    to: `${createPath({ resource: source.resource, type: 'list' })}?filter=${encodeURIComponent(JSON.stringify({ search: searched }))}`,
  });
  // Grouped by source: its records, then its "see all" (MUI's groupBy needs each group's options together).
  const records = quickFindGroups(hits, more).flatMap(({ groupHits, groupMore }) => [
    ...groupHits.map(recordOption),
    ...(groupMore ? [moreOption(groupMore)] : []),
  ]);
  const options = [...matchingPages, ...records];

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
          slots={{ popper: InlineResults }}
          slotProps={{ paper: { elevation: 0 }, listbox: { sx: { maxHeight: 'none' } } }}
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
