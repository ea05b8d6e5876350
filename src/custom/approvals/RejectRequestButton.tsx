import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useDataProvider, useRefresh } from 'react-admin';
import { ErrorCode } from '../../../shared/catalogue/errorCodes';
import type { CreditRequestRecord } from '../../providers/creditRequestCalls';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { failureMessage } from '../../providers/failureMessage';
import { useNotifyingMutation } from '../components/useNotifyingMutation';
import { REQUEST_REJECTED, decisionFailureText } from './approvalTexts';

const LONGEST_REASON = 500;

/** Rejects a request with a reason, which the requester and the audit trail read: the dialog waits for one. */
export const RejectRequestButton = ({ request }: { request: CreditRequestRecord }) => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const close = () => {
    setOpen(false);
    setReason('');
  };
  const reject = useNotifyingMutation((text: string) => dataProvider.rejectCreditRequest(request.id, text), {
    success: REQUEST_REJECTED,
    failureText: decisionFailureText,
    onSuccess: () => {
      close();
      refresh();
    },
    // Decided elsewhere meanwhile: the list drops it.
    onError: (error) => {
      if (failureMessage(error) === ErrorCode.ALREADY_DECIDED) {
        close();
        refresh();
      }
    },
  });
  const trimmed = reason.trim();
  const valid = trimmed.length > 0 && trimmed.length <= LONGEST_REASON;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) reject.mutate(trimmed);
  };

  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)}>
        Reject
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <form onSubmit={submit}>
          <DialogTitle id={titleId}>Reject this request</DialogTitle>
          <DialogContent>
            <TextField
              label="Reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              error={trimmed.length > LONGEST_REASON}
              helperText={`${trimmed.length}/${LONGEST_REASON}`}
              multiline
              minRows={2}
              fullWidth
              autoFocus
              sx={{ mt: 1 }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" color="error" disabled={!valid || reject.isPending}>
              Reject
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
};
