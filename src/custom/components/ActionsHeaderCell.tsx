import { Box, TableCell } from '@mui/material';
import { visuallyHidden } from './visuallyHidden';

/** The header of a table's row-actions column: named for screen readers, blank on screen. */
export const ActionsHeaderCell = () => (
  <TableCell>
    <Box component="span" sx={visuallyHidden}>
      Actions
    </Box>
  </TableCell>
);
