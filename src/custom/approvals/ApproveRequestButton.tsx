import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDataProvider, useRefresh } from 'react-admin';
import { ErrorCode } from '../../../shared/catalogue/errorCodes';
import type { CreditRequestRecord } from '../../providers/creditRequestCalls';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { failureMessage } from '../../providers/failureMessage';
import { useNotifyingMutation } from '../components/useNotifyingMutation';
import { ApprovalFigures } from './ApprovalFigures';
import { REQUEST_APPROVED, decisionFailureText } from './approvalTexts';

/** Approving moves a balance at once: the admin confirms it with the numbers before them (ApprovalFigures). */
export const ApproveRequestButton = ({ request }: { request: CreditRequestRecord }) => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const approve = useNotifyingMutation(() => dataProvider.approveCreditRequest(request.id), {
    success: REQUEST_APPROVED,
    failureText: decisionFailureText,
    onSuccess: () => {
      setConfirming(false);
      refresh();
    },
    onError: (error) => {
      setConfirming(false);
      // Decided elsewhere meanwhile: the list drops it.
      if (failureMessage(error) === ErrorCode.ALREADY_DECIDED) refresh();
    },
  });

  return (
    <>
      <Button size="small" variant="contained" onClick={() => setConfirming(true)}>
        Approve
      </Button>
      <Confirm
        isOpen={confirming}
        loading={approve.isPending}
        title="Approve this adjustment?"
        content={<ApprovalFigures request={request} />}
        confirm="Approve"
        cancel="Cancel"
        onConfirm={() => approve.mutate(undefined)}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};
