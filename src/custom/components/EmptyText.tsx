import { Typography } from '@mui/material';

/** A list's own empty-result message, shown in place of the rows. */
export const EmptyText = ({ text }: { text: string }) => (
  <Typography sx={{ p: 2 }} color="text.secondary">
    {text}
  </Typography>
);
