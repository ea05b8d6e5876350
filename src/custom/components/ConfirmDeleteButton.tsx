import DeleteIcon from '@mui/icons-material/Delete';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import { Button, Confirm, useDelete, useNotify, useRecordContext, useRedirect, useResourceContext } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { failureMessage } from '../../providers/failureMessage';

export interface ConfirmDeleteButtonProps {
  /** Says why this record may not be deleted, instead of asking; undefined when it may. */
  refusal?: string;
  /** Turns a refusal from the server into what to do first, shown in a dialog; otherwise its code is a toast. */
  explainFailure?: (error: unknown) => string | undefined;
}

/** Delete after the 'Are you sure?' prompt (spec §5), then 'Delete!' and back to the list. */
export const ConfirmDeleteButton = ({ refusal, explainFailure }: ConfirmDeleteButtonProps) => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const redirect = useRedirect();
  const [asking, setAsking] = useState(false);
  const [explanation, setExplanation] = useState<string>();
  const explanationTitleId = useId();
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
          const explained = explainFailure?.(error);
          if (explained) setExplanation(explained);
          else notify(failureMessage(error, messages.failure.generic), { type: 'error' });
        },
      },
    );

  return (
    <>
      <Button label="Delete" color="error" onClick={onClick} disabled={isPending}>
        <DeleteIcon />
      </Button>
      <Confirm isOpen={asking} loading={isPending} title={messages.other.areYouSure} content="" onConfirm={onConfirm} onClose={() => setAsking(false)} />
      <Dialog open={explanation !== undefined} onClose={() => setExplanation(undefined)} aria-labelledby={explanationTitleId}>
        <DialogTitle id={explanationTitleId}>Cannot delete yet</DialogTitle>
        <DialogContent>
          <DialogContentText>{explanation}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setExplanation(undefined)} autoFocus>
            OK
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
};
