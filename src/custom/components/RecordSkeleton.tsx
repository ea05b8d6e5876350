import { Box, Skeleton, Stack } from '@mui/material';
import { visuallyHidden } from './visuallyHidden';

/** Rows of inputs as a record form lays them out: side by side on a wide screen, stacked on a phone. */
const FIELD_ROWS = [3, 3, 2, 1] as const;

/** The shape of a record page's tabs and form while its record loads; screen readers hear 'Loading…' once. */
export const RecordSkeleton = () => (
  <Box role="status" aria-busy="true" data-testid="record-skeleton" sx={{ p: 2 }}>
    <Box component="span" sx={visuallyHidden}>
      Loading…
    </Box>
    <Stack direction="row" spacing={2} sx={{ mb: 3, overflow: 'hidden' }} aria-hidden="true">
      {[96, 64, 96, 64].map((width, index) => (
        <Skeleton key={index} variant="text" width={width} height={32} sx={{ flexShrink: 0 }} />
      ))}
    </Stack>
    <Stack spacing={2} aria-hidden="true">
      {FIELD_ROWS.map((fields, row) => (
        <Box key={row} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {Array.from({ length: fields }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={48} sx={{ flex: '1 1 200px' }} />
          ))}
        </Box>
      ))}
      <Skeleton variant="rounded" height={96} />
      <Skeleton variant="rounded" width={96} height={36} />
    </Stack>
  </Box>
);
