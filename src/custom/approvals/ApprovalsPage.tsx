import { Link, Stack, Typography } from '@mui/material';
import { FunctionField, TextField, useCanAccess, useGetIdentity } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { relativeTime } from '../../../shared/catalogue/relativeTime';
import type { CreditRequestRecord } from '../../providers/creditRequestCalls';
import { ResourceList } from '../components/ResourceList';
import { formatCredit } from '../product';
import { NO_PENDING_REQUEST, PENDING_REQUESTS } from './approvalTexts';
import { ApproveRequestButton } from './ApproveRequestButton';
import { RejectRequestButton } from './RejectRequestButton';

const CompanyLink = ({ request }: { request: CreditRequestRecord }) =>
  request.company_name === null ? (
    <Typography variant="body2" color="text.secondary">
      Deleted company
    </Typography>
  ) : (
    <Link component={RouterLink} to={`/company/${encodeURIComponent(request.company_id)}`}>
      {request.company_name}
    </Link>
  );

/** The requester never approves their own request (the server refuses it anyway): theirs shows Reject only. */
const Decision = ({ request, adminId }: { request: CreditRequestRecord; adminId: string | undefined }) => (
  <Stack direction="row" spacing={1}>
    {adminId !== undefined && request.requested_by !== adminId && <ApproveRequestButton request={request} />}
    <RejectRequestButton request={request} />
  </Stack>
);

/** The credit adjustments waiting for a second admin, oldest requests shown by their age; an approver decides each. */
export const ApprovalsPage = () => {
  const { canAccess: approver = false } = useCanAccess({ resource: 'credit_request', action: 'approve' });
  const { identity } = useGetIdentity();
  const adminId = identity ? String(identity.id) : undefined;
  return (
    <ResourceList resource="credit_request" title="Approvals" filter={PENDING_REQUESTS} rowClick={false} emptyText={NO_PENDING_REQUEST}>
      <FunctionField<CreditRequestRecord> label="Company" render={(request) => <CompanyLink request={request} />} />
      <FunctionField<CreditRequestRecord> label="Amount" render={(request) => formatCredit(request.amount)} />
      <TextField source="reason" label="Reason" sortable={false} />
      <TextField source="requested_by_name" label="Requested by" sortable={false} />
      <FunctionField<CreditRequestRecord> label="Age" render={(request) => relativeTime(request.created_at)} />
      {approver && <FunctionField<CreditRequestRecord> label="Decision" render={(request) => <Decision request={request} adminId={adminId} />} />}
    </ResourceList>
  );
};
