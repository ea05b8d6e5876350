import FactCheckIcon from '@mui/icons-material/FactCheck';
import { Badge } from '@mui/material';

/** The Approvals icon with its count: loaded only once a count is to be shown, MUI's Badge staying out of the shell. */
export const PendingCountBadge = ({ count }: { count: number }) => (
  <Badge badgeContent={count} max={99} color="error">
    <FactCheckIcon />
  </Badge>
);
