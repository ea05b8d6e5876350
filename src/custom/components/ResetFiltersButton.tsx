import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { Button, useListContext } from 'react-admin';

const LABEL = 'Reset filters';

export const ResetFiltersButton = () => {
  const { setFilters, filterValues } = useListContext();
  return (
    // Named here too: on a phone react-admin's Button is an icon, and names it only while it is enabled.
    <Button label={LABEL} aria-label={LABEL} onClick={() => setFilters({}, [])} disabled={Object.keys(filterValues).length === 0}>
      <FilterAltOffIcon />
    </Button>
  );
};
