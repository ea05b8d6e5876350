import { act, screen, waitFor, within } from '@testing-library/react';
import type { GetListParams, RaRecord } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PENDING_COUNT_REFRESH_MS } from '../../src/custom/approvals/ApprovalsMenuIcon';
import { buildCreditRequest } from '../helpers/builders';
import { fakeAuthProvider, signedInAs } from '../helpers/fakeProviders';
import { renderApp } from '../helpers/renderApp';
import type { Role } from '../../shared/catalogue/permissions';

afterEach(() => vi.useRealTimers());

/** The whole console over a provider holding `count` pending requests (the first of them listed), and no other record. */
function renderConsole(path: string, role: Role, count: number) {
  let total = count;
  const requests = [buildCreditRequest({ reason: 'Large order' })];
  const getList = vi.fn(async (resource: string, _params: GetListParams) =>
    resource === 'credit_request' ? { data: total > 0 ? requests : [], total } : { data: [], total: 0 },
  );
  const approveCreditRequest = vi.fn(async (_id: RaRecord['id']) => void (total -= 1));
  const view = renderApp(path, { authProvider: fakeAuthProvider(signedInAs(role)), dataProvider: { getList, approveCreditRequest } });
  const setCount = (next: number) => (total = next);
  return { ...view, getList, setCount };
}

const approvalsEntry = async () => within(await screen.findByRole('navigation', { name: 'Main' })).findByRole('menuitem', { name: /Approvals/ });

describe('the Approvals menu entry', () => {
  it('counts the pending requests for an approver, asking again every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { getList, setCount } = renderConsole('/admin', 'finance', 3);
    await waitFor(async () => expect(await approvalsEntry()).toHaveTextContent('3Approvals'));
    // Asked on a timer: a background call, which keeps no session from going idle.
    expect(getList).toHaveBeenCalledWith('credit_request', expect.objectContaining({ filter: { status: 'pending' }, meta: { background: true } }));
    setCount(4);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PENDING_COUNT_REFRESH_MS);
    });
    await waitFor(async () => expect(await approvalsEntry()).toHaveTextContent('4Approvals'));
  });

  it('counts again after a decision on the Approvals page', async () => {
    const { user } = renderConsole('/approvals', 'owner', 2);
    await waitFor(async () => expect(await approvalsEntry()).toHaveTextContent('2Approvals'));
    const row = (await screen.findByText('Large order')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Approve this adjustment?' })).getByRole('button', { name: 'Approve' }));
    await waitFor(async () => expect(await approvalsEntry()).toHaveTextContent('1Approvals'));
  });

  it('shows no count when none waits', async () => {
    const { getList } = renderConsole('/admin', 'finance', 0);
    await waitFor(() => expect(getList).toHaveBeenCalledWith('credit_request', expect.anything()));
    expect(await approvalsEntry()).toHaveTextContent(/^Approvals$/);
  });

  it.each(['operations', 'support'] as const)('is there without a count for an admin of role %s, who may list but not approve', async (role) => {
    const { getList } = renderConsole('/admin', role, 3);
    expect(await approvalsEntry()).toHaveAttribute('href', '/approvals');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await approvalsEntry()).toHaveTextContent(/^Approvals$/);
    expect(getList).not.toHaveBeenCalledWith('credit_request', expect.anything());
  });

  it('shows no count to a non-approver even on the Approvals page, which lists the same requests', async () => {
    renderConsole('/approvals', 'operations', 3);
    await screen.findByText('Large order');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await approvalsEntry()).toHaveTextContent(/^Approvals$/);
  });

  it('is absent for an admin who may not list the requests', async () => {
    const authProvider = fakeAuthProvider({ canAccess: vi.fn(async ({ resource }: { resource: string }) => resource !== 'credit_request') });
    renderApp('/admin', { authProvider, dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })) } });
    const menu = await screen.findByRole('navigation', { name: 'Main' });
    await within(menu).findByRole('menuitem', { name: 'Admins' });
    expect(within(menu).queryByRole('menuitem', { name: /Approvals/ })).not.toBeInTheDocument();
  });
});
