import SendIcon from '@mui/icons-material/Send';
import { IconButton, Stack, TextField } from '@mui/material';
import type { KeyboardEvent } from 'react';

interface MessageComposerProps {
  value: string;
  onChange(value: string): void;
  onSend(): void;
}

/** The admin's input: Enter sends, Shift+Enter starts a new line; blank text is not sent. */
export const MessageComposer = ({ value, onChange, onSend }: MessageComposerProps) => {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      onSend();
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
      <TextField
        fullWidth
        size="small"
        placeholder="Write a message"
        slotProps={{ htmlInput: { 'aria-label': 'Message' } }}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        multiline
        maxRows={4}
      />
      <IconButton aria-label="Send" color="primary" onClick={onSend} disabled={!value.trim()}>
        <SendIcon />
      </IconButton>
    </Stack>
  );
};
