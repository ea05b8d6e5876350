import { Chip } from '@mui/material';
import { useListContext } from 'react-admin';

/**
 * A list narrowed by a filter that has no input of its own (set by a link: a company's users, the dashboard's to-do),
 * said as a chip whose delete takes the filter off. Nothing while the filter is not set.
 */
export const FilterChip = ({ source, label }: { source: string; label: string }) => {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const value: unknown = filterValues[source];
  if (value === undefined || value === null || value === false || value === '') return null;
  const { [source]: _narrowed, ...otherFilters } = filterValues;
  return <Chip label={label} onDelete={() => setFilters(otherFilters, displayedFilters)} sx={{ alignSelf: 'center', maxWidth: '100%' }} />;
};
