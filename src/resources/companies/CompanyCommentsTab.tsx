import { Box, Button as MuiButton, Divider, Link, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Confirm, useCanAccess, useDataProvider, useGetIdentity, useRecordContext, useRefresh, type RaRecord } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { relativeTime } from '../../../shared/catalogue/relativeTime';
import { useNotifyingMutation } from '../../custom/components/useNotifyingMutation';
import type { AdminDataProvider } from '../../providers/dataProvider';
import type { CompanyDetailRecord } from '../../providers/records';

interface Comment {
  _id: string;
  user_name: string;
  author_id: string | null;
  text: string;
  created_at: string;
}

/** Every admin reads the comments; one whose role may comment also writes them and deletes their own, a moderator anyone's. */
export const CompanyCommentsTab = () => {
  const company = useRecordContext<CompanyDetailRecord>();
  const { canAccess: canComment, isPending: isPendingAccess } = useCanAccess({ resource: 'company', action: 'comment' });
  const { canAccess: canModerate, isPending: isPendingModerate } = useCanAccess({ resource: 'company', action: 'moderate' });
  const { identity, isPending: isPendingIdentity } = useGetIdentity();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const [text, setText] = useState('');
  const [toDelete, setToDelete] = useState<Comment | null>(null);
  const addComment = useNotifyingMutation(
    ({ companyId, comment }: { companyId: RaRecord['id']; comment: string }) => dataProvider.addComment(companyId, comment),
    {
      success: messages.success.commentAdded,
      onSuccess: () => {
        refresh();
        setText('');
      },
    },
  );
  const deleteComment = useNotifyingMutation(
    ({ companyId, commentId }: { companyId: RaRecord['id']; commentId: string }) => dataProvider.deleteComment(companyId, commentId),
    {
      success: messages.success.commentDeleted,
      onSuccess: () => refresh(),
    },
  );
  // One change at a time: adding and deleting both wait while either is under way.
  const busy = addComment.isPending || deleteComment.isPending;
  // The tab waits for the answer, rather than grow its buttons under the admin.
  if (!company || isPendingAccess || isPendingModerate || isPendingIdentity) return null;
  const comments = (Array.isArray(company.comments) ? company.comments : []) as Comment[];
  // As the server judges it: a deleted author's comment is a moderator's to remove.
  const mayDelete = (comment: Comment) => canComment && (canModerate || (comment.author_id !== null && comment.author_id === identity?.id));

  const add = (event: FormEvent) => {
    event.preventDefault();
    addComment.mutate({ companyId: company.id, comment: text.trim() });
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
            {mayDelete(comment) && (
              <Link component="button" type="button" color="error" onClick={() => setToDelete(comment)}>
                Delete
              </Link>
            )}
          </ListItem>
        ))}
      </List>
      <Confirm
        isOpen={toDelete !== null}
        loading={busy}
        title={messages.other.areYouSure}
        content=""
        onConfirm={() => {
          const comment = toDelete;
          setToDelete(null);
          if (comment) deleteComment.mutate({ companyId: company.id, commentId: comment._id });
        }}
        onClose={() => setToDelete(null)}
      />
      {canComment && (
        <>
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
        </>
      )}
    </Box>
  );
};
