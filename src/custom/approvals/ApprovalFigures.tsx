import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetList, useGetOne } from 'react-admin';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import type { CreditRequestRecord } from '../../providers/creditRequestCalls';
import type { CompanyRecord, CreditEntryRecord } from '../../providers/records';
import { balanceOf, formatCredit } from '../product';

/** How many of the company's latest ledger entries the approver reads. */
export const LEDGER_ENTRIES_SHOWN = 5;

/** Tried once more, not three times: the approver reads "Unavailable" within a second or two, and may still decide. */
const ONE_RETRY = { retry: 1 } as const;

/** The sum in cents, as the server counts: 0.1 + 0.2 reads 0.3. */
const balanceAfter = (balance: number, amount: number): number => Math.round((balance + amount) * 100) / 100;

const Figure = ({ label, children }: { label: string; children: ReactNode }) => (
  <>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </>
);

/** The balance now → after the approval, read from the company as it is now (it may have moved since the request). */
const BalanceFigure = ({ request }: { request: CreditRequestRecord }) => {
  const {
    data: company,
    isPending,
    error,
  } = useGetOne<CompanyRecord>('company', { id: request.company_id }, { ...ONE_RETRY, enabled: request.company_name !== null });
  if (request.company_name === null) return <>Deleted company</>;
  if (error || (!isPending && !company)) return <>Unavailable</>;
  if (isPending) return <>Loading…</>;
  const balance = balanceOf(company);
  return <>{`${formatCredit(balance)} → ${formatCredit(balanceAfter(balance, request.amount))}`}</>;
};

/** The company's last ledger entries, newest first: an amount and its reason, then when and the balance it left. */
const LatestEntries = ({ request }: { request: CreditRequestRecord }) => {
  const { data, isPending, error } = useGetList<CreditEntryRecord>(
    'credit_entry',
    { filter: { company_id: request.company_id }, pagination: { page: 1, perPage: LEDGER_ENTRIES_SHOWN } },
    { ...ONE_RETRY, enabled: request.company_name !== null },
  );
  if (request.company_name === null) return null;
  let body: ReactNode;
  if (error) body = <Typography variant="body2">Unavailable</Typography>;
  else if (isPending) body = <Typography variant="body2">Loading…</Typography>;
  else if (data.length === 0) body = <Typography variant="body2">No entry yet.</Typography>;
  else
    body = (
      <Box component="ul" aria-label="Latest ledger entries" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {/* The server answers a page of ten: the newest five are read. */}
        {data.slice(0, LEDGER_ENTRIES_SHOWN).map((entry) => (
          <Box component="li" key={entry.id} sx={{ py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{`${formatCredit(entry.amount)} · ${entry.reason}`}</Typography>
            <Typography variant="caption" color="text.secondary">
              {`${formatShortDateTime(entry.created_at)} · balance ${formatCredit(entry.balance_after)}`}
            </Typography>
          </Box>
        ))}
      </Box>
    );
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        Latest ledger entries
      </Typography>
      {body}
    </Box>
  );
};

/** What an approver weighs before the balance moves: the request, the balance before and after, the company's recent ledger. */
export const ApprovalFigures = ({ request }: { request: CreditRequestRecord }) => (
  <>
    <Typography variant="body1" color="text.secondary" sx={{ mb: 1.5 }}>
      {`${request.company_name ?? 'Deleted company'}: ${formatCredit(request.amount)}, requested by ${request.requested_by_name}. The balance moves at once.`}
    </Typography>
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
      <Figure label="Balance">
        <BalanceFigure request={request} />
      </Figure>
      <Figure label="Reason">{`“${request.reason}”`}</Figure>
      <Figure label="Requested">{`${request.requested_by_name}, ${formatShortDateTime(request.created_at)}`}</Figure>
      <Figure label="Expires">{formatShortDateTime(request.expires_at)}</Figure>
    </Box>
    <LatestEntries request={request} />
  </>
);
