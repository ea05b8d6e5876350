import { Box, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { FunctionField, TextField, useCanAccess, useGetIdentity, useListParams } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { CreditRequestStatus } from '../../../shared/catalogue/creditRequests';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import { PAGE_SIZE } from '../../../shared/catalogue/pagination';
import { relativeTime } from '../../../shared/catalogue/relativeTime';
import type { CreditRequestRecord } from '../../providers/creditRequestCalls';
import { joined, type CompactRow } from '../components/CompactList';
import { ResourceList } from '../components/ResourceList';
import { formatCredit } from '../product';
import { NO_REQUEST, PENDING_REQUESTS, REQUEST_TABS } from './approvalTexts';
import { ApproveRequestButton } from './ApproveRequestButton';
import { RejectRequestButton } from './RejectRequestButton';
import { MineFilter, StatusTabs } from './RequestFilters';

/** A span, so that it also fits in a phone row's text. */
const CompanyLink = ({ request }: { request: CreditRequestRecord }) =>
  request.company_name === null ? (
    <Typography component="span" variant="body2" color="text.secondary">
      Deleted company
    </Typography>
  ) : (
    <Link component={RouterLink} to={`/company/${encodeURIComponent(request.company_id)}`}>
      {request.company_name}
    </Link>
  );

/** The requester never approves their own request (the server refuses it anyway): theirs shows Reject only. */
const Decision = ({ request, adminId }: { request: CreditRequestRecord; adminId: string | undefined }) => (
  <Stack component="span" direction="row" spacing={1}>
    {adminId !== undefined && request.requested_by !== adminId && <ApproveRequestButton request={request} />}
    <RejectRequestButton request={request} />
  </Stack>
);

/** When a request was decided; an expired one ended at its expiry. */
const decidedAt = (request: CreditRequestRecord): string | null => request.decided_at ?? (request.status === 'expired' ? request.expires_at : null);

const STATUS_LABELS: Record<CreditRequestStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', expired: 'Expired' };

/** What became of a request, in one line: "Rejected by Fanny Finance · 21/11/2026, 14:05". */
const outcomeOf = (request: CreditRequestRecord): string => {
  if (request.status === 'pending') return `Expires ${formatShortDateTime(request.expires_at)}`;
  const who = request.decided_by_name ? ` by ${request.decided_by_name}` : '';
  return joined(`${STATUS_LABELS[request.status]}${who}`, formatShortDateTime(decidedAt(request)));
};

/** The status the list shows, read as the list reads it (its URL, else what the store kept, else the pending ones). */
const useListedStatus = (): CreditRequestStatus | undefined => {
  const [query] = useListParams({ resource: 'credit_request', filterDefaultValues: PENDING_REQUESTS, perPage: PAGE_SIZE });
  const { status } = query.filterValues as { status?: unknown };
  return REQUEST_TABS.find((tab) => tab.status === status)?.status;
};

/** The columns of a tab: the pending ones with their age, expiry and the decision; the others with who decided, when, why. */
function columnsOf(status: CreditRequestStatus | undefined, decision: ((request: CreditRequestRecord) => ReactNode) | undefined): ReactNode[] {
  const common = [
    <FunctionField<CreditRequestRecord> key="company" label="Company" render={(request) => <CompanyLink request={request} />} />,
    <FunctionField<CreditRequestRecord> key="amount" label="Amount" render={(request) => formatCredit(request.amount)} />,
    <TextField key="reason" source="reason" label="Reason" sortable={false} />,
    <TextField key="requested_by" source="requested_by_name" label="Requested by" sortable={false} />,
  ];
  if (status === 'pending') {
    return [
      ...common,
      <FunctionField<CreditRequestRecord> key="age" source="created_at" sortable={false} label="Age" render={(request) => relativeTime(request.created_at)} />,
      <FunctionField<CreditRequestRecord>
        key="expires"
        source="expires_at"
        sortable={false}
        label="Expires"
        render={(request) => formatShortDateTime(request.expires_at)}
      />,
      decision && <FunctionField<CreditRequestRecord> key="decision" label="Decision" render={decision} />,
    ];
  }
  const decidedLabel = status === undefined ? 'Decided' : STATUS_LABELS[status];
  return [
    ...common,
    <FunctionField<CreditRequestRecord>
      key="requested"
      source="created_at"
      sortable={false}
      label="Requested"
      render={(request) => formatShortDateTime(request.created_at)}
    />,
    status === undefined && <FunctionField<CreditRequestRecord> key="status" label="Status" render={(request) => STATUS_LABELS[request.status]} />,
    status !== 'expired' && (
      <FunctionField<CreditRequestRecord> key="decided_by" label={`${decidedLabel} by`} render={(request) => request.decided_by_name ?? '—'} />
    ),
    <FunctionField<CreditRequestRecord>
      key="decided"
      source="decided_at"
      sortable={false}
      label={decidedLabel}
      render={(request) => formatShortDateTime(decidedAt(request)) || '—'}
    />,
    (status === 'rejected' || status === undefined) && (
      <FunctionField<CreditRequestRecord> key="decision_reason" label="Rejection reason" render={(request) => request.decision_reason ?? '—'} />
    ),
  ];
}

/** A request on a phone: company and amount, then reason, requester, outcome, and the decision's buttons below. */
const compactRow = (decision: ((request: CreditRequestRecord) => ReactNode) | undefined): CompactRow<CreditRequestRecord> => ({
  primary: (request) => <CompanyLink request={request} />,
  tertiary: (request) => formatCredit(request.amount),
  secondary: (request) => (
    <>
      {request.reason}
      <br />
      {joined(request.requested_by_name, relativeTime(request.created_at))}
      <br />
      {outcomeOf(request)}
      {request.decision_reason && (
        <>
          <br />
          {`Rejection reason: ${request.decision_reason}`}
        </>
      )}
      {decision && request.status === 'pending' && (
        <Box component="span" sx={{ display: 'block', mt: 1 }}>
          {decision(request)}
        </Box>
      )}
    </>
  ),
});

/**
 * Credit adjustments by status, newest first: the pending ones for an approver to decide, the others with who decided,
 * when and why. "Mine" narrows them to the signed-in admin's own requests, for a role that may request.
 */
export const ApprovalsPage = () => {
  const { canAccess: approver = false } = useCanAccess({ resource: 'credit_request', action: 'approve' });
  const { canAccess: requester = false } = useCanAccess({ resource: 'credit_entry', action: 'request' });
  const { identity } = useGetIdentity();
  const adminId = identity ? String(identity.id) : undefined;
  const status = useListedStatus();
  const decision = approver ? (request: CreditRequestRecord) => <Decision request={request} adminId={adminId} /> : undefined;
  const filters = [<StatusTabs key="status" source="status" alwaysOn />];
  if (requester) filters.push(<MineFilter key="requested_by" source="requested_by" alwaysOn />);
  return (
    <ResourceList
      resource="credit_request"
      title="Approvals"
      filters={filters}
      filterDefaultValues={PENDING_REQUESTS}
      rowClick={false}
      emptyText={REQUEST_TABS.find((tab) => tab.status === status)?.empty ?? NO_REQUEST}
      compact={compactRow(decision)}
    >
      {columnsOf(status, decision)}
    </ResourceList>
  );
};
