import { screen, waitFor, within } from '@testing-library/react';
import { HttpError, type GetListParams, type RaRecord } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { may, type Role } from '../../shared/catalogue/permissions';
import { ApprovalsPage } from '../../src/custom/approvals/ApprovalsPage';
import { NO_PENDING_REQUEST, REQUEST_APPROVED, REQUEST_REJECTED } from '../../src/custom/approvals/approvalTexts';
import { buildCreditRequest } from '../helpers/builders';
import { ME, fakeAuthProvider, signedInAs, type MockedDataProvider } from '../helpers/fakeProviders';
import { renderPage } from '../helpers/renderScreen';

afterEach(() => vi.useRealTimers());

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const largeOrder = buildCreditRequest({
  company_name: 'Atelier Azur',
  amount: 5000,
  reason: 'Large order',
  requested_by_name: 'Olivia Ops',
  created_at: hoursAgo(3),
});
const chargeback = buildCreditRequest({
  company_name: 'Studio Jade',
  amount: -1200,
  reason: 'Chargeback',
  requested_by_name: 'Olivia Ops',
  created_at: hoursAgo(26),
});

/** /approvals over a provider whose pending requests go once approved or rejected. */
function renderApprovals(role: Role, requests: RaRecord[] = [largeOrder, chargeback], overrides: MockedDataProvider = {}, total?: number) {
  let pending = requests;
  const settle = (id: RaRecord['id']) => (pending = pending.filter((request) => request.id !== id));
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: pending, total: total ?? pending.length }));
  const approveCreditRequest = vi.fn(async (id: RaRecord['id']) => void settle(id));
  const rejectCreditRequest = vi.fn(async (id: RaRecord['id'], _reason: string) => void settle(id));
  const dataProvider = { getList, approveCreditRequest, rejectCreditRequest, ...overrides };
  const view = renderPage(ApprovalsPage, '/approvals', { dataProvider, authProvider: fakeAuthProvider(signedInAs(role)) });
  return { ...view, getList, approveCreditRequest, rejectCreditRequest };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('/approvals', () => {
  it('lists the pending requests, 10 a page: company (a link to it), amount, reason, requester, age', async () => {
    const { user, getList, location } = renderApprovals('finance', [largeOrder, chargeback], {}, 12);
    const row = await rowOf('Large order');
    expect(within(row).getByText('+5000 credit')).toBeInTheDocument();
    expect(within(row).getByText('Olivia Ops')).toBeInTheDocument();
    expect(within(row).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(await rowOf('Chargeback')).getByText('-1200 credit')).toBeInTheDocument();
    expect(within(await rowOf('Chargeback')).getByText('1 day ago')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('credit_request', expect.objectContaining({ filter: { status: 'pending' }, pagination: { page: 1, perPage: 10 } }));

    expect(screen.getByLabelText('Current page')).toHaveTextContent('1 / 2');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(getList).toHaveBeenCalledWith('credit_request', expect.objectContaining({ pagination: { page: 2, perPage: 10 } })));

    await user.click(within(await rowOf('Large order')).getByRole('link', { name: 'Atelier Azur' }));
    await waitFor(() => expect(location()).toBe(`/company/${largeOrder.company_id}`));
  });

  it('says when no request waits', async () => {
    renderApprovals('finance', []);
    expect(await screen.findByText(NO_PENDING_REQUEST)).toBeInTheDocument();
  });

  it('approves a request after a confirmation naming the company and the amount; the list drops it', async () => {
    const { user, approveCreditRequest } = renderApprovals('finance');
    await user.click(within(await rowOf('Large order')).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve this adjustment?' });
    expect(confirm).toHaveTextContent('Atelier Azur: +5000 credit, requested by Olivia Ops.');
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approveCreditRequest).toHaveBeenCalledWith(largeOrder.id));
    expect(await screen.findByText(REQUEST_APPROVED)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Large order')).not.toBeInTheDocument());
    expect(screen.getByText('Chargeback')).toBeInTheDocument();
  });

  it('rejects a request only with a reason, which it sends trimmed', async () => {
    const { user, rejectCreditRequest } = renderApprovals('owner');
    await user.click(within(await rowOf('Chargeback')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this request' });
    const reject = within(dialog).getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '   ');
    expect(reject).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'No proof of the chargeback ');
    expect(reject).toBeEnabled();
    await user.click(reject);
    await waitFor(() => expect(rejectCreditRequest).toHaveBeenCalledWith(chargeback.id, 'No proof of the chargeback'));
    expect(await screen.findByText(REQUEST_REJECTED)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Chargeback')).not.toBeInTheDocument());
  });

  it("explains a refusal to approve one's own request (SELF_APPROVAL)", async () => {
    const approveCreditRequest = vi.fn(async () => Promise.reject(new HttpError('SELF_APPROVAL', 403, { ok: false, code: 'SELF_APPROVAL' })));
    const { user } = renderApprovals('finance', [largeOrder], { approveCreditRequest });
    await user.click(within(await rowOf('Large order')).getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Approve this adjustment?' })).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('You asked for this adjustment: another admin must approve it.')).toBeInTheDocument();
    expect(screen.getByText('Large order')).toBeInTheDocument();
  });

  it('explains a request decided meanwhile (ALREADY_DECIDED), and reloads the list', async () => {
    const rejectCreditRequest = vi.fn(async () => Promise.reject(new HttpError('ALREADY_DECIDED', 409, { ok: false, code: 'ALREADY_DECIDED' })));
    const { user, getList } = renderApprovals('finance', [largeOrder], { rejectCreditRequest });
    await user.click(within(await rowOf('Large order')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this request' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Too large');
    const searches = getList.mock.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('This request was already approved, rejected or has expired.')).toBeInTheDocument();
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(searches));
  });

  it('explains an approval refused because the company was deleted since (REFERENCE_GONE)', async () => {
    const approveCreditRequest = vi.fn(async () => Promise.reject(new HttpError('REFERENCE_GONE', 409, { ok: false, code: 'REFERENCE_GONE' })));
    const { user } = renderApprovals('finance', [largeOrder], { approveCreditRequest });
    await user.click(within(await rowOf('Large order')).getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Approve this adjustment?' })).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This company was deleted since the request: reject it instead.')).toBeInTheDocument();
  });

  it('shows any other refusal as its code', async () => {
    const approveCreditRequest = vi.fn(async () => Promise.reject(new HttpError('BALANCE_OUT_OF_RANGE', 400, { ok: false, code: 'BALANCE_OUT_OF_RANGE' })));
    const { user } = renderApprovals('finance', [largeOrder], { approveCreditRequest });
    await user.click(within(await rowOf('Large order')).getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Approve this adjustment?' })).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('BALANCE_OUT_OF_RANGE')).toBeInTheDocument();
  });

  it("offers no Approve on the admin's own request (Reject stays), and Approve on the others'", async () => {
    const mine = buildCreditRequest({ reason: 'My own request', requested_by: ME.id, requested_by_name: ME.fullName, created_at: hoursAgo(1) });
    renderApprovals('finance', [mine, largeOrder]);
    const others = await rowOf('Large order');
    expect(await within(others).findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    const own = await rowOf('My own request');
    expect(within(own).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it.each(['operations', 'support'] as const)('lists the requests without Approve or Reject for an admin of role %s, who may not approve', async (role) => {
    expect(may(role, 'credit_request', 'approve')).toBe(false);
    const { authProvider } = renderApprovals(role);
    await rowOf('Large order');
    await waitFor(() => expect(authProvider.canAccess).toHaveBeenCalledWith(expect.objectContaining({ resource: 'credit_request', action: 'approve' })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Decision' })).not.toBeInTheDocument();
  });
});
