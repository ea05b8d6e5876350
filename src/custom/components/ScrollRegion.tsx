import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A table that may be wider than a phone: it scrolls sideways inside this box, never the page. The box is a named
 * region that takes the focus, so that a keyboard can scroll it too. Its own width never counts in the page's
 * (`width: 0` + `min-width: 100%`), so a wide table cannot stretch the record page around it.
 */
export const ScrollRegion = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box role="region" aria-label={label} tabIndex={0} sx={{ width: 0, minWidth: '100%', overflowX: 'auto' }}>
    {children}
  </Box>
);
