import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { Button, useListContext } from 'react-admin';

/** The reset-filters button: clears search and filters (and so returns to page 1). */
export const ResetFiltersButton = () => {
  const { setFilters, filterValues } = useListContext();
  return (
    <Button label="Reset filters" onClick={() => setFilters({}, [])} disabled={Object.keys(filterValues).length === 0}>
      <FilterAltOffIcon />
    </Button>
  );
};
