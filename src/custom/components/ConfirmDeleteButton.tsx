import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Button, Confirm, useDelete, useNotify, useRecordContext, useRedirect, useResourceContext } from 'react-admin';
import { messages } from '../../catalogue/messages';
import { failureMessage } from '../../providers/failureMessage';

export interface ConfirmDeleteButtonProps {
  /** Says why this record may not be deleted, instead of asking; undefined when it may. */
  refusal?: string;
}

/** Delete after the 'Are you sure?' prompt (spec §5), then 'Delete!' and back to the list. */
export const ConfirmDeleteButton = ({ refusal }: ConfirmDeleteButtonProps) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const redirect = useRedirect();
  const [asking, setAsking] = useState(false);
  const [deleteOne, { isPending }] = useDelete();
  if (!record) return null;

  const onClick = () => (refusal ? notify(refusal, { type: 'warning' }) : setAsking(true));
  const onConfirm = () =>
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setAsking(false);
          notify(messages.success.deleted, { type: 'success' });
          redirect('list', resource);
        },
        onError: (error) => {
          setAsking(false);
          notify(failureMessage(error, messages.failure.generic), { type: 'error' });
        },
      },
    );

  return (
    <>
      <Button label="Delete" color="error" onClick={onClick} disabled={isPending}>
        <DeleteIcon />
      </Button>
      <Confirm isOpen={asking} loading={isPending} title={messages.other.areYouSure} content="" onConfirm={onConfirm} onClose={() => setAsking(false)} />
    </>
  );
};
