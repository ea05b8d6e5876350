import { Avatar, Box, Button, Stack, Typography } from '@mui/material';
import { formatterOnFirstUse } from '../../../shared/catalogue/dates';

/** What a bubble shows: a stored message, or the admin's own while it is sent (`status`). */
export interface LogItem {
  key: string;
  own: boolean;
  sender_name: string;
  sender_avatar: string | null;
  text: string;
  created_at: string;
  status?: 'sending' | 'failed';
}

const timeOf = formatterOnFirstUse('en-GB', { hour: '2-digit', minute: '2-digit' });

/** One message: the admin's own on the right; a draft says "Sending…", or "Not sent" with Retry. */
export const MessageBubble = ({ item, onRetry }: { item: LogItem; onRetry: (key: string) => void }) => (
  <Stack
    direction={item.own ? 'row-reverse' : 'row'}
    spacing={1}
    alignItems="flex-end"
    data-own={item.own}
    data-status={item.status ?? 'sent'}
    data-testid="message"
  >
    <Avatar src={item.sender_avatar ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
      {item.sender_name.charAt(0)}
    </Avatar>
    <Box
      sx={{
        maxWidth: '70%',
        px: 1.5,
        py: 1,
        borderRadius: 2,
        bgcolor: item.own ? 'primary.main' : 'grey.200',
        color: item.own ? 'primary.contrastText' : 'text.primary',
      }}
    >
      <Typography variant="caption" sx={{ display: 'block', opacity: 0.8 }}>
        {item.sender_name} · {item.status === 'sending' ? 'Sending…' : timeOf().format(new Date(item.created_at))}
      </Typography>
      {/* Rendered as text, never as HTML. */}
      <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{item.text}</Typography>
      {item.status === 'failed' && (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 0.5 }}>
          <Typography variant="caption" role="status" sx={{ fontWeight: 'bold' }}>
            Not sent
          </Typography>
          <Button size="small" color="inherit" variant="outlined" onClick={() => onRetry(item.key)}>
            Retry
          </Button>
        </Stack>
      )}
    </Box>
  </Stack>
);
