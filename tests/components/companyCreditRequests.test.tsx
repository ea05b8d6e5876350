import { screen, waitFor, within } from '@testing-library/react';
import type { GetListParams, RaRecord } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '../../shared/catalogue/permissions';
import type { CreditAllowance } from '../../shared/contract/creditRequests';
import { ADJUSTMENT_PENDING, APPROVAL_NOTICE } from '../../src/custom/approvals/approvalTexts';
import companies from '../../src/resources/companies';
import { buildCompany, buildCreditRequest } from '../helpers/builders';
import { fakeAuthProvider, signedInAs } from '../helpers/fakeProviders';
import { renderResource } from '../helpers/renderScreen';

/** What an admin who moved nothing alone yet may move: the whole default threshold (GET /credit_request/allowance). */
const untouchedAllowance: CreditAllowance = { threshold: 1000, window_hours: 24, moved: 0, remaining: 1000 };

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** A company page whose adjustments all wait for a second admin (202), over a provider that keeps the requests. */
function renderCompany(role: Role = 'owner', { pending = [] as RaRecord[], entries = [] as RaRecord[], allowance = untouchedAllowance } = {}) {
  const company = buildCompany({ name: 'Atelier Azur', credit_balance: 250 });
  let requests = pending;
  const getList = vi.fn(async (resource: string, _params: GetListParams) =>
    resource === 'credit_request' ? { data: requests, total: requests.length } : { data: [], total: 0 },
  );
  const adjustCredit = vi.fn(async (_id: RaRecord['id'], adjustment: { amount: number; reason: string }) => {
    const request = buildCreditRequest({ company_id: company.id, amount: adjustment.amount, reason: adjustment.reason, created_at: hoursAgo(0) });
    requests = [request, ...requests];
    return { pending: true, request };
  });
  const dataProvider = {
    getOne: vi.fn(async () => ({ data: company })),
    getList,
    getManyReference: vi.fn(async () => ({ data: entries, total: entries.length })),
    adjustCredit,
    getCreditAllowance: vi.fn(async () => allowance),
  };
  const view = renderResource(companies, `/company/${company.id}`, { dataProvider, authProvider: fakeAuthProvider(signedInAs(role)) });
  return { ...view, company, getList, adjustCredit, getCreditAllowance: dataProvider.getCreditAllowance };
}

async function openAdjustDialog(user: ReturnType<typeof renderResource>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Adjust balance' }));
  return screen.findByRole('dialog', { name: 'Adjust balance' });
}

describe('the Adjust balance dialog and four eyes', () => {
  it('says a second admin must approve as soon as the amount is above the threshold (1 000), either way', async () => {
    const { user } = renderCompany('finance');
    const dialog = await openAdjustDialog(user);
    const amount = within(dialog).getByLabelText('Amount');
    expect(within(dialog).queryByText(APPROVAL_NOTICE)).not.toBeInTheDocument();
    await user.type(amount, '1000');
    expect(within(dialog).queryByText(APPROVAL_NOTICE)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Adjust' })).toBeInTheDocument();
    await user.type(amount, '.01');
    expect(within(dialog).getByText(APPROVAL_NOTICE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Request approval' })).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '-1500');
    expect(within(dialog).getByText(APPROVAL_NOTICE)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '-999');
    expect(within(dialog).queryByText(APPROVAL_NOTICE)).not.toBeInTheDocument();
  });

  it('says how much the admin may still move alone today, and asks for approval past it, by absolute amount', async () => {
    const { user, getCreditAllowance } = renderCompany('finance', { allowance: { threshold: 1000, window_hours: 24, moved: 600, remaining: 400 } });
    const dialog = await openAdjustDialog(user);
    expect(await within(dialog).findByTestId('credit-allowance')).toHaveTextContent(
      'You may still move 400 credit alone today; beyond that a second admin approves.',
    );
    const amount = within(dialog).getByLabelText('Amount');
    await user.type(amount, '400');
    expect(within(dialog).queryByText(APPROVAL_NOTICE)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Adjust' })).toBeInTheDocument();
    await user.type(amount, '.01');
    expect(within(dialog).getByText(APPROVAL_NOTICE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Request approval' })).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '-401');
    expect(within(dialog).getByText(APPROVAL_NOTICE)).toBeInTheDocument();
    expect(getCreditAllowance).toHaveBeenCalledTimes(1);
  });

  it('says when nothing is left, over the configured window, and reads the allowance again at each opening', async () => {
    const { user, getCreditAllowance } = renderCompany('owner', { allowance: { threshold: 500, window_hours: 8, moved: 750, remaining: 0 } });
    let dialog = await openAdjustDialog(user);
    expect(await within(dialog).findByTestId('credit-allowance')).toHaveTextContent(
      'You may still move 0 credit alone in 8 hours; beyond that a second admin approves.',
    );
    await user.type(within(dialog).getByLabelText('Amount'), '0.01');
    expect(within(dialog).getByText(APPROVAL_NOTICE)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adjust balance' })).not.toBeInTheDocument());
    dialog = await openAdjustDialog(user);
    await waitFor(() => expect(getCreditAllowance).toHaveBeenCalledTimes(2));
    expect(await within(dialog).findByTestId('credit-allowance')).toBeInTheDocument();
  });

  it('says it always to an operations admin, who may only request', async () => {
    const { user, getCreditAllowance } = renderCompany('operations');
    const dialog = await openAdjustDialog(user);
    expect(within(dialog).getByText(APPROVAL_NOTICE)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Amount'), '10');
    expect(within(dialog).getByText(APPROVAL_NOTICE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Request approval' })).toBeInTheDocument();
    // Nothing is theirs to move alone: no allowance is read or shown.
    expect(within(dialog).queryByTestId('credit-allowance')).not.toBeInTheDocument();
    expect(getCreditAllowance).not.toHaveBeenCalled();
  });

  it('is offered to an admin who may request an adjustment, not to a support admin', async () => {
    const { authProvider, unmount } = renderCompany('support');
    await screen.findByRole('heading', { name: 'Atelier Azur' });
    await waitFor(() => expect(authProvider.canAccess).toHaveBeenCalledWith(expect.objectContaining({ resource: 'credit_entry', action: 'request' })));
    // The answer has been read by the time the same render's other questions are answered.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Adjust balance' })).not.toBeInTheDocument();
    unmount();
    renderCompany('operations');
    expect(await screen.findByRole('button', { name: 'Adjust balance' })).toBeInTheDocument();
  });

  it('on a 202 says the request awaits approval, leaves the balance, and lists the request in the Credits tab', async () => {
    const { user, company, adjustCredit } = renderCompany('operations');
    await screen.findByDisplayValue('Atelier Azur');
    await user.click(screen.getByRole('tab', { name: 'Credits' }));
    const dialog = await openAdjustDialog(user);
    await user.type(within(dialog).getByLabelText('Amount'), '5000');
    await user.type(within(dialog).getByLabelText('Reason'), 'Large order');
    await user.click(within(dialog).getByRole('button', { name: 'Request approval' }));

    await waitFor(() => expect(adjustCredit).toHaveBeenCalledWith(company.id, { amount: 5000, reason: 'Large order' }));
    expect(await screen.findByText(ADJUSTMENT_PENDING)).toBeInTheDocument();
    expect(screen.queryByText('Balance adjusted!')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adjust balance' })).not.toBeInTheDocument());
    const pending = await screen.findByRole('region', { name: 'Pending approval' });
    expect(within(pending).getByText('+5000 credit')).toBeInTheDocument();
    expect(screen.getByTestId('balance-badge')).toHaveTextContent('+250 credit');
  });
});

describe('the Credits tab and four eyes', () => {
  it("lists the company's pending requests above the ledger: amount, reason, requester, age", async () => {
    const pending = [buildCreditRequest({ amount: -2500, reason: 'Chargeback', requested_by_name: 'Olivia Ops', created_at: hoursAgo(2) })];
    const { user, company, getList } = renderCompany('support', { pending });
    await screen.findByRole('heading', { name: 'Atelier Azur' });
    await user.click(screen.getByRole('tab', { name: 'Credits' }));
    const region = await screen.findByRole('region', { name: 'Pending approval' });
    const row = within(region).getByText('Chargeback').closest('tr') as HTMLElement;
    expect(within(row).getByText('-2500 credit')).toBeInTheDocument();
    expect(within(row).getByText('Olivia Ops')).toBeInTheDocument();
    expect(within(row).getByText('2 hours ago')).toBeInTheDocument();
    expect(screen.getByText('Pending approval (1)')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('credit_request', expect.objectContaining({ filter: { status: 'pending', company_id: company.id } }));
    // Above the ledger.
    const ledger = screen.getByRole('region', { name: 'Credits' });
    expect(region.compareDocumentPosition(ledger) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no pending list when none waits', async () => {
    const { user, getList } = renderCompany('support');
    await screen.findByRole('heading', { name: 'Atelier Azur' });
    await user.click(screen.getByRole('tab', { name: 'Credits' }));
    await waitFor(() => expect(getList).toHaveBeenCalledWith('credit_request', expect.anything()));
    expect(await screen.findByRole('region', { name: 'Credits' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pending approval' })).not.toBeInTheDocument();
  });

  it("names the approving admin of a ledger entry made through a request, beside its requester's", async () => {
    const entry = (overrides: Partial<RaRecord>): RaRecord => ({
      id: `e${Math.random().toString(16).slice(2, 12)}`,
      amount: 5000,
      balance_after: 5250,
      reason: 'Large order',
      admin_id: 'b'.repeat(24),
      admin_name: 'Olivia Ops',
      approved_by: 'f'.repeat(24),
      approved_by_name: 'Fiona Finance',
      created_at: '2026-11-21T14:05:00',
      ...overrides,
    });
    const entries = [entry({}), entry({ reason: 'Small bonus', amount: 5, admin_name: 'Edith', approved_by: null, approved_by_name: null })];
    const { user } = renderCompany('support', { entries });
    await screen.findByRole('heading', { name: 'Atelier Azur' });
    await user.click(screen.getByRole('tab', { name: 'Credits' }));
    const approved = (await screen.findByText('Large order')).closest('tr') as HTMLElement;
    expect(within(approved).getByText('Olivia Ops')).toBeInTheDocument();
    expect(within(approved).getByText('approved by Fiona Finance')).toBeInTheDocument();
    const direct = screen.getByText('Small bonus').closest('tr') as HTMLElement;
    expect(within(direct).getByText('Edith')).toBeInTheDocument();
    expect(within(direct).queryByText(/approved by/)).not.toBeInTheDocument();
  });
});
