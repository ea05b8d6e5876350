import { Box, Button as MuiButton, Divider, Link, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { messages } from '../../catalogue/messages';
import { relativeTime } from '../../catalogue/relativeTime';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { failureMessage } from '../../providers/failureMessage';

interface Comment {
  _id: string;
  user_name: string;
  text: string;
  created_at: string;
}

/** Spec §2 Comments tab: author, relative time, text, delete after 'Are you sure?', and an add form. */
export const CompanyCommentsTab = () => {
  const company = useRecordContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [toDelete, setToDelete] = useState<Comment | null>(null);
  if (!company) return null;
  const comments = (Array.isArray(company.comments) ? company.comments : []) as Comment[];

  const run = async (action: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      await action();
      notify(success, { type: 'success' });
      refresh();
      return true;
    } catch (error) {
      notify(failureMessage(error, messages.failure.generic), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => dataProvider.addComment(company.id, text.trim()), messages.success.commentAdded)) setText('');
  };

  return (
    <Box>
      <List aria-label="Comments">
        {comments.map((comment) => (
          <ListItem key={comment._id} divider alignItems="flex-start">
            <ListItemText
              primary={
                <Stack direction="row" spacing={1} alignItems="baseline">
                  <Typography fontWeight={600}>{comment.user_name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {relativeTime(comment.created_at)}
                  </Typography>
                </Stack>
              }
              secondary={<Typography sx={{ whiteSpace: 'pre-wrap' }}>{comment.text}</Typography>}
            />
            <Link component="button" type="button" color="error" onClick={() => setToDelete(comment)}>
              Delete
            </Link>
          </ListItem>
        ))}
      </List>
      <Confirm
        isOpen={toDelete !== null}
        loading={busy}
        title={messages.other.areYouSure}
        content=""
        onConfirm={async () => {
          const comment = toDelete;
          setToDelete(null);
          if (comment) await run(() => dataProvider.deleteComment(company.id, comment._id), messages.success.commentDeleted);
        }}
        onClose={() => setToDelete(null)}
      />
      <Divider sx={{ my: 2 }} />
      <form onSubmit={add}>
        <Stack spacing={1} sx={{ maxWidth: 600 }}>
          <TextField label="New comment" value={text} onChange={(event) => setText(event.target.value)} multiline minRows={2} />
          <Box>
            <MuiButton type="submit" variant="contained" disabled={!text.trim() || busy}>
              Add comment
            </MuiButton>
          </Box>
        </Stack>
      </form>
    </Box>
  );
};
