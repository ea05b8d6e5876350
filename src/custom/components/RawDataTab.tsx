import { Box } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { toApiRecord } from '../../providers/records';

/** The 'Raw Data' tab: the record as the API sent it, pretty-printed; its long lines scroll inside it (by keyboard too). */
export const RawDataTab = () => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box
      component="pre"
      data-testid="raw-data"
      role="region"
      aria-label="Raw Data"
      tabIndex={0}
      sx={{ m: 0, p: 2, overflow: 'auto', fontSize: 13, bgcolor: 'action.hover', borderRadius: 1 }}
    >
      {JSON.stringify(toApiRecord(record), null, 2)}
    </Box>
  );
};
