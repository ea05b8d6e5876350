import { screen, waitFor, within } from '@testing-library/react';
import type { GetListParams, GetOneParams, RaRecord } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../shared/catalogue/permissions';
import { formatShortDateTime } from '../../shared/catalogue/dates';
import { ApprovalsPage } from '../../src/custom/approvals/ApprovalsPage';
import type { CreditRequestRecord } from '../../src/providers/creditRequestCalls';
import type { CreditEntryRecord } from '../../src/providers/records';
import { buildCompany, buildCreditRequest } from '../helpers/builders';
import { ME, fakeAuthProvider, signedInAs } from '../helpers/fakeProviders';
import { answerMediaQueries } from '../helpers/mediaQueries';
import { renderPage } from '../helpers/renderScreen';

afterEach(() => vi.restoreAllMocks());

// Issue 40, items 3 to 5: the requests' history by status, the requester's own, the approver's numbers, phone cards.
const company = buildCompany({ name: 'Atelier Azur', credit_balance: 1200.1 });
const pending = buildCreditRequest({
  company_id: company.id,
  company_name: 'Atelier Azur',
  amount: 5000.2,
  reason: 'Contrat annuel',
  requested_by_name: 'Olivia Ops',
  expires_at: '2026-12-01T09:30:00.000Z',
});
const mine = buildCreditRequest({ reason: 'Mon geste commercial', requested_by: ME.id, requested_by_name: ME.fullName });
const rejected = buildCreditRequest({
  reason: 'Remboursement',
  status: 'rejected',
  requested_by: ME.id,
  requested_by_name: ME.fullName,
  decided_by: 'f'.repeat(24),
  decided_by_name: 'Fanny Finance',
  decided_at: '2026-11-22T08:15:00.000Z',
  decision_reason: 'Pas de justificatif',
});
const approved = buildCreditRequest({
  reason: 'Salon',
  status: 'approved',
  decided_by: 'f'.repeat(24),
  decided_by_name: 'Fanny Finance',
  decided_at: '2026-11-22T09:00:00.000Z',
});
const expired = buildCreditRequest({ reason: 'Oubliée', status: 'expired', expires_at: '2026-11-24T14:05:00.000Z' });
const everyRequest = [pending, mine, rejected, approved, expired];

/** Six ledger entries, newest first, as the server answers them. */
const ledger: CreditEntryRecord[] = [6, 5, 4, 3, 2, 1].map((index) => ({
  id: `e${index}`.padStart(24, '0'),
  amount: index * 10,
  balance_after: 1200.1 - (6 - index) * 10,
  reason: `Entry ${index}`,
  admin_id: null,
  admin_name: null,
  approved_by: null,
  approved_by_name: null,
  created_at: `2026-11-2${index}T10:00:00.000Z`,
}));

/** /approvals over a provider that filters its requests by status and requester as the server does. */
function renderApprovals(role: Role) {
  const getList = vi.fn(async (resource: string, { filter }: GetListParams) => {
    if (resource === 'credit_entry') return { data: ledger, total: ledger.length };
    const data = everyRequest.filter(
      (request: CreditRequestRecord) =>
        (filter.status === undefined || request.status === filter.status) &&
        (filter.requested_by === undefined || request.requested_by === filter.requested_by),
    );
    return { data, total: data.length };
  });
  const getOne = vi.fn(async (_resource: string, _params: GetOneParams) => ({ data: company }));
  const approveCreditRequest = vi.fn(async (_id: RaRecord['id']) => undefined);
  const dataProvider = { getList, getOne, approveCreditRequest };
  const view = renderPage(ApprovalsPage, '/approvals', { dataProvider, authProvider: fakeAuthProvider(signedInAs(role)) });
  return { ...view, getList, getOne, approveCreditRequest };
}

const lastRequestFilter = (getList: ReturnType<typeof vi.fn>) =>
  getList.mock.calls.filter(([resource]) => resource === 'credit_request').at(-1)?.[1].filter as Record<string, unknown>;
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const columnHeaders = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

describe('the Approvals page tabs', () => {
  it('opens on Pending, then lists each status with who decided, when and why', async () => {
    const { user, getList } = renderApprovals('finance');
    expect(await screen.findByRole('tab', { name: 'Pending', selected: true })).toBeInTheDocument();
    await rowOf('Contrat annuel');
    expect(screen.queryByText('Remboursement')).not.toBeInTheDocument();
    expect(columnHeaders()).toEqual(expect.arrayContaining(['Expires', 'Decision']));

    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    await waitFor(() => expect(lastRequestFilter(getList)).toEqual({ status: 'rejected' }));
    const row = await rowOf('Remboursement');
    expect(screen.queryByText('Contrat annuel')).not.toBeInTheDocument();
    expect(columnHeaders()).toEqual(['Company', 'Amount', 'Reason', 'Requested by', 'Requested', 'Rejected by', 'Rejected', 'Rejection reason']);
    for (const text of ['Fanny Finance', formatShortDateTime('2026-11-22T08:15:00.000Z'), 'Pas de justificatif']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    const approvedRow = await rowOf('Salon');
    expect(columnHeaders()).toEqual(['Company', 'Amount', 'Reason', 'Requested by', 'Requested', 'Approved by', 'Approved']);
    expect(within(approvedRow).getByText('Fanny Finance')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Expired' }));
    const expiredRow = await rowOf('Oubliée');
    expect(columnHeaders()).toEqual(['Company', 'Amount', 'Reason', 'Requested by', 'Requested', 'Expired']);
    expect(within(expiredRow).getByText(formatShortDateTime('2026-11-24T14:05:00.000Z'))).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Expired', selected: true })).toBeInTheDocument();
  });

  it('says what a tab without a request lacks', async () => {
    const { user } = renderApprovals('finance');
    await rowOf('Contrat annuel');
    everyRequest.splice(everyRequest.indexOf(expired), 1);
    try {
      await user.click(screen.getByRole('tab', { name: 'Expired' }));
      expect(await screen.findByText('No expired request.')).toBeInTheDocument();
    } finally {
      everyRequest.push(expired);
    }
  });
});

describe('the Mine filter', () => {
  it.each(['operations', 'finance', 'owner'] as const)('shows an admin of role %s, who may request, their own requests and their outcome', async (role) => {
    const { user, getList } = renderApprovals(role);
    await rowOf('Contrat annuel');
    const toggle = screen.getByRole('button', { name: 'Mine' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    await waitFor(() => expect(lastRequestFilter(getList)).toEqual({ status: 'pending', requested_by: ME.id }));
    expect(await screen.findByRole('button', { name: 'Mine', pressed: true })).toBeInTheDocument();
    await rowOf('Mon geste commercial');
    await waitFor(() => expect(screen.queryByText('Contrat annuel')).not.toBeInTheDocument());

    // The tab keeps the filter: their rejected request, with its reason.
    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    await waitFor(() => expect(lastRequestFilter(getList)).toEqual({ status: 'rejected', requested_by: ME.id }));
    expect(within(await rowOf('Remboursement')).getByText('Pas de justificatif')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mine' }));
    await waitFor(() => expect(lastRequestFilter(getList)).toEqual({ status: 'rejected' }));
  });

  it('is not offered to support, who may not request', async () => {
    const { authProvider } = renderApprovals('support');
    await rowOf('Contrat annuel');
    await waitFor(() => expect(authProvider.canAccess).toHaveBeenCalledWith(expect.objectContaining({ resource: 'credit_entry', action: 'request' })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Mine' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Rejected' })).toBeInTheDocument();
  });
});

describe('the approve confirmation', () => {
  it("shows the balance now and after, the requester, the reason, the expiry and the company's five latest ledger entries", async () => {
    const { user, getList, getOne } = renderApprovals('finance');
    await user.click(within(await rowOf('Contrat annuel')).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this adjustment?' });
    // 1200.1 + 5000.2 counted in cents.
    await waitFor(() => expect(dialog).toHaveTextContent('Balance+1200.1 credit → +6200.3 credit'));
    expect(getOne).toHaveBeenCalledWith('company', expect.objectContaining({ id: company.id }));
    expect(dialog).toHaveTextContent('Reason“Contrat annuel”');
    expect(dialog).toHaveTextContent(`RequestedOlivia Ops, ${formatShortDateTime(pending.created_at)}`);
    expect(dialog).toHaveTextContent(`Expires${formatShortDateTime('2026-12-01T09:30:00.000Z')}`);

    const entries = within(await within(dialog).findByRole('list', { name: 'Latest ledger entries' })).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual(
      ledger
        .slice(0, 5)
        .map((entry) => `+${entry.amount} credit · ${entry.reason}${formatShortDateTime(entry.created_at)} · balance +${entry.balance_after} credit`),
    );
    expect(getList).toHaveBeenCalledWith('credit_entry', expect.objectContaining({ filter: { company_id: company.id } }));
  });

  it('says when the numbers cannot be read, and still approves', async () => {
    const { user, getOne, approveCreditRequest } = renderApprovals('finance');
    getOne.mockRejectedValue(new Error('down'));
    await user.click(within(await rowOf('Contrat annuel')).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this adjustment?' });
    await waitFor(() => expect(dialog).toHaveTextContent('BalanceUnavailable'));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approveCreditRequest).toHaveBeenCalledWith(pending.id));
  });
});

describe('the Approvals page on a phone', () => {
  it('shows each request as a card with its outcome, Approve and Reject inside it, and no table', async () => {
    answerMediaQueries((query) => query.includes('max-width'));
    const { user, getList } = renderApprovals('finance');
    const cards = await screen.findByTestId('compact-list');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = (await within(cards).findByText(/Contrat annuel/)).closest('li') as HTMLElement;
    expect(card).toHaveTextContent('Atelier Azur');
    expect(card).toHaveTextContent('+5000.2 credit');
    expect(card).toHaveTextContent(`Expires ${formatShortDateTime('2026-12-01T09:30:00.000Z')}`);
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    // Their own: Reject only.
    const own = (await within(cards).findByText(/Mon geste commercial/)).closest('li') as HTMLElement;
    expect(within(own).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Reject' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    await waitFor(() => expect(lastRequestFilter(getList)).toEqual({ status: 'rejected' }));
    const rejectedCard = (await screen.findByText(/Remboursement/)).closest('li') as HTMLElement;
    expect(rejectedCard).toHaveTextContent(`Rejected by Fanny Finance · ${formatShortDateTime('2026-11-22T08:15:00.000Z')}`);
    expect(rejectedCard).toHaveTextContent('Rejection reason: Pas de justificatif');
    expect(within(rejectedCard).queryByRole('button')).not.toBeInTheDocument();
  });
});
