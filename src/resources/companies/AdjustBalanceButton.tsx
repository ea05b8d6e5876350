import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import { Alert, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button, useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh, type RaRecord } from 'react-admin';
import { DEFAULT_CREDIT_APPROVAL_THRESHOLD } from '../../../shared/catalogue/creditRequests';
import { ADJUSTMENT_PENDING, APPROVAL_NOTICE, allowanceNotice } from '../../custom/approvals/approvalTexts';
import { useNotifyingMutation } from '../../custom/components/useNotifyingMutation';
import { balanceOf, creditUnit, formatCredit } from '../../custom/product';
import type { CreditAdjustment } from '../../providers/companyCalls';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { addCredit, isWithinCreditLimit, parseCreditAmount } from './creditAmount';
import type { CompanyRecord } from '../../providers/records';

const LONGEST_REASON = 500;
export const BALANCE_ADJUSTED = 'Balance adjusted!';

/**
 * Whether an adjustment waits for a second admin (four eyes by sum): always from an admin who may only request one,
 * else past what they may still move alone (the default threshold until the server has said; its 202 decides anyway).
 */
const needsApproval = (amount: number, mayAdjust: boolean, remaining: number | undefined): boolean =>
  !mayAdjust || Math.abs(amount) > (remaining ?? DEFAULT_CREDIT_APPROVAL_THRESHOLD);

/**
 * The only way the console moves a balance: the server writes the ledger entry and the page reloads, or, for a
 * large amount or an admin who may only request, the server keeps a request for a second admin and nothing moves.
 */
export const AdjustBalanceButton = () => {
  const { canAccess: mayRequest = false } = useCanAccess({ resource: 'credit_entry', action: 'request' });
  const { canAccess: mayAdjust = false } = useCanAccess({ resource: 'credit_entry', action: 'adjust' });
  if (!mayRequest) return null;
  return <AdjustBalanceDialog mayAdjust={mayAdjust} />;
};

const AdjustBalanceDialog = ({ mayAdjust }: { mayAdjust: boolean }) => {
  const company = useRecordContext<CompanyRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const notify = useNotify();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  // Read again at each opening: what the admin moved since (here or elsewhere) lowers it.
  const allowance = useQuery({ queryKey: ['credit_allowance'], queryFn: () => dataProvider.getCreditAllowance(), enabled: open && mayAdjust });
  const close = () => {
    setOpen(false);
    setAmountText('');
    setReason('');
  };
  const adjust = useNotifyingMutation(({ id, adjustment }: { id: RaRecord['id']; adjustment: CreditAdjustment }) => dataProvider.adjustCredit(id, adjustment), {
    onSuccess: (outcome) => {
      notify(outcome.pending ? ADJUSTMENT_PENDING : BALANCE_ADJUSTED, { type: 'success' });
      close();
      // Also shows a new request in the Credits tab's pending list.
      refresh();
    },
  });
  if (!company) return null;

  const balance = balanceOf(company);
  const amount = parseCreditAmount(amountText);
  const newBalance = amount === undefined ? undefined : addCredit(balance, amount);
  const balanceInRange = newBalance !== undefined && isWithinCreditLimit(newBalance);
  const trimmedReason = reason.trim();
  const reasonValid = trimmedReason.length > 0 && trimmedReason.length <= LONGEST_REASON;
  const amountInvalid = amountText.trim() !== '' && amount === undefined;
  const approvalNeeded = amount === undefined ? !mayAdjust : needsApproval(amount, mayAdjust, allowance.data?.remaining);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (amount === undefined || !balanceInRange || !reasonValid) return;
    adjust.mutate({ id: company.id, adjustment: { amount, reason: trimmedReason } });
  };

  return (
    <>
      <Button label="Adjust balance" onClick={() => setOpen(true)}>
        <AccountBalanceWalletIcon />
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <form onSubmit={submit}>
          <DialogTitle id={titleId}>Adjust balance</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField
                label="Amount"
                value={amountText}
                onChange={(event) => setAmountText(event.target.value)}
                error={amountInvalid}
                helperText={amountInvalid ? 'A non-zero amount with at most 2 decimals' : 'Negative to debit'}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                autoFocus
              />
              <TextField
                label="Reason"
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                error={trimmedReason.length > LONGEST_REASON}
                helperText={`${trimmedReason.length}/${LONGEST_REASON}`}
                multiline
                minRows={2}
              />
              <Typography data-testid="balance-preview" color={newBalance !== undefined && !balanceInRange ? 'error' : 'text.secondary'}>
                {newBalance === undefined
                  ? `Current balance: ${formatCredit(balance)}`
                  : balanceInRange
                    ? `New balance: ${formatCredit(newBalance)}`
                    : 'The new balance would be out of range'}
              </Typography>
              {mayAdjust && allowance.data && (
                <Typography data-testid="credit-allowance" color="text.secondary">
                  {allowanceNotice(`${allowance.data.remaining} ${creditUnit}`, allowance.data.window_hours)}
                </Typography>
              )}
              {approvalNeeded && <Alert severity="info">{APPROVAL_NOTICE}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={close}>Cancel</MuiButton>
            <MuiButton type="submit" variant="contained" disabled={!balanceInRange || !reasonValid || adjust.isPending}>
              {approvalNeeded ? 'Request approval' : 'Adjust'}
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
};
