import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** Inputs side by side on a wide screen, stacked on a narrow one. */
export const FieldRow = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%', '& > *': { flex: '1 1 200px' } }}>{children}</Box>
);
