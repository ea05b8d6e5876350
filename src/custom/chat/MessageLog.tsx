import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { Box, Button, Typography } from '@mui/material';
import { groupByDay } from './groupByDay';
import { MessageBubble, type LogItem } from './MessageBubble';
import { useLogScroll } from './useLogScroll';

interface MessageLogProps {
  items: LogItem[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  onRetry(key: string): void;
}

/** The conversation by day, oldest first; new messages never pull a reader away: "New messages" takes them there. */
export const MessageLog = ({ items, hasOlder, loadingOlder, onLoadOlder, onRetry }: MessageLogProps) => {
  const last = items.at(-1);
  const canLoadOlder = hasOlder && !loadingOlder;
  const { log, unseen, toEnd, onScroll } = useLogScroll({
    firstKey: items[0]?.key,
    lastKey: last?.key,
    lastIsOwnSend: last?.status === 'sending',
    lastIsOwn: last?.own ?? false,
    onTop: () => canLoadOlder && onLoadOlder(),
  });

  return (
    <Box sx={{ position: 'relative' }}>
      {/* Focusable, so that a keyboard can scroll the log; shorter on a phone, so that the input stays on screen. */}
      <Box
        ref={log}
        role="log"
        aria-label="Messages"
        tabIndex={0}
        onScroll={onScroll}
        sx={{ maxHeight: { xs: '50vh', sm: '60vh' }, overflowY: 'auto', overflowAnchor: 'none', display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        {hasOlder && (
          <Button size="small" onClick={onLoadOlder} disabled={!canLoadOlder} sx={{ alignSelf: 'center' }}>
            {loadingOlder ? 'Loading older messages…' : 'Load older messages'}
          </Button>
        )}
        {groupByDay(items).map((group) => (
          <Box key={group.day} component="section" aria-label={group.label} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            <Typography variant="overline" align="center" color="text.secondary" component="h2">
              {group.label}
            </Typography>
            {group.messages.map((item) => (
              <MessageBubble key={item.key} item={item} onRetry={onRetry} />
            ))}
          </Box>
        ))}
      </Box>
      {unseen && (
        <Button
          variant="contained"
          size="small"
          startIcon={<ArrowDownwardIcon />}
          onClick={toEnd}
          sx={{ position: 'absolute', bottom: 8, left: '50%', transform: 'translateX(-50%)' }}
        >
          New messages
        </Button>
      )}
    </Box>
  );
};
