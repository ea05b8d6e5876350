import { Box, Button, Typography } from '@mui/material';
import { messages } from '../../../shared/catalogue/messages';

/** In place of the console while the session cannot be checked because the database is away. */
export const DatabaseAwayPage = ({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) => (
  <Box role="alert" sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
    <Typography>{messages.failure.databaseUnavailable}</Typography>
    <Button variant="contained" onClick={onRetry} disabled={retrying}>
      {messages.failure.tryAgain}
    </Button>
  </Box>
);
