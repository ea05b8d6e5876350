import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** A wide table scrolls sideways in this focusable region, never the page: `width: 0` + `min-width: 100%` keep it from stretching the page. */
export const ScrollRegion = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box role="region" aria-label={label} tabIndex={0} sx={{ width: 0, minWidth: '100%', overflowX: 'auto' }}>
    {children}
  </Box>
);
