import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GetListParams, RaRecord } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildAdmin, buildAuditEvent } from '../helpers/builders';
import { AuditPage } from '../../src/custom/audit/AuditPage';
import { answerMediaQueries } from '../helpers/mediaQueries';
import { renderPage } from '../helpers/renderScreen';

afterEach(() => vi.restoreAllMocks());

const edith = buildAdmin({ name: 'Edith' });

const companyId = 'c'.repeat(24);
/** Edith's credit adjustment of a company that still exists. */
const creditAdjustment = (changes: Record<string, [unknown, unknown]>) =>
  buildAuditEvent({ action: 'credit_adjustment', admin_name: 'Edith', entity: 'company', entity_id: companyId, exists: true, changes });
/** A failed sign-in: no admin, no record. */
const failedSignInEvent = () =>
  buildAuditEvent({ action: 'failed_sign_in', entity: 'session', entity_id: null, admin_id: null, admin_name: null, exists: false });

/** /audit over a provider that answers `events` (with `total`) for the trail and Edith for the admins. */
function renderAudit(events: RaRecord[], total = events.length) {
  const getList = vi.fn(async (resource: string, _params: GetListParams) =>
    resource === 'audit_event' ? { data: events, total } : { data: [edith], total: 1 },
  );
  const view = renderPage(AuditPage, '/audit', { dataProvider: { getList, getMany: vi.fn(async () => ({ data: [edith] })) } });
  const auditFilter = () => (getList.mock.calls.filter(([resource]) => resource === 'audit_event').at(-1)?.[1] as GetListParams).filter;
  return { ...view, getList, auditFilter };
}

const localDayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const localDayEnd = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

describe('/audit', () => {
  it('lists when, who, what and the record; a record that still exists is a link to its page', async () => {
    const events = [
      creditAdjustment({ credit_balance: [250, 229.5] }),
      buildAuditEvent({ action: 'delete', entity: 'offer', entity_id: 'o'.repeat(24), exists: false, created_at: '2026-11-20T09:00:00Z' }),
      failedSignInEvent(),
    ];
    const { user, location, getList } = renderAudit(events);

    const adjustment = (await screen.findByText('Credit adjustment')).closest('tr') as HTMLElement;
    expect(within(adjustment).getByText('21/11/2026, 14:05')).toBeInTheDocument();
    expect(within(adjustment).getByText('Edith')).toBeInTheDocument();
    expect(within(adjustment).getByRole('listitem')).toHaveTextContent('Balance: +250 credit → +229.5 credit');
    const link = within(adjustment).getByRole('link', { name: `Company ${companyId}` });
    expect(link).toHaveAttribute('href', `/company/${companyId}`);

    const deletion = screen.getByText('Delete').closest('tr') as HTMLElement;
    expect(within(deletion).queryByRole('link')).not.toBeInTheDocument();
    expect(deletion).toHaveTextContent(`Offer ${'o'.repeat(24)} (deleted)`);

    const failedSignInRow = screen.getByText('Failed sign in').closest('tr') as HTMLElement;
    expect(within(failedSignInRow).getByText('No admin')).toBeInTheDocument();
    expect(within(failedSignInRow).getByText('Session')).toBeInTheDocument();

    expect(getList).toHaveBeenCalledWith('audit_event', expect.objectContaining({ pagination: { page: 1, perPage: 10 } }));
    await user.click(link);
    await waitFor(() => expect(location()).toBe(`/company/${companyId}`));
  });

  it('filters by entity and action, and resets', async () => {
    const { user, auditFilter } = renderAudit([buildAuditEvent({ admin_name: 'Edith' })]);
    await screen.findByText('Edith');
    await user.click(screen.getByRole('combobox', { name: 'Entity' }));
    await user.click(await screen.findByRole('option', { name: 'Company' }));
    await waitFor(() => expect(auditFilter()).toEqual({ entity: 'company' }));
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Credit adjustment' }));
    await waitFor(() => expect(auditFilter()).toEqual({ entity: 'company', action: 'credit_adjustment' }));
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(auditFilter()).toEqual({}));
  });

  it('filters by admin, chosen by name', async () => {
    const { user, auditFilter, getList } = renderAudit([buildAuditEvent({ admin_name: 'Edith' })]);
    await screen.findByText('Edith');
    // The autocomplete's first search (no text) answered: typed earlier, the text can be replaced by the input's reset.
    await waitFor(() => expect(getList).toHaveBeenCalledWith('admin', expect.anything()));
    const adminInput = screen.getByRole('combobox', { name: 'Admin' });
    // Pasted, one change: typed key by key on a loaded CI machine, each key's debounced search went out ('E', 'Ed')
    // and the last one was not seen within 10 s.
    await user.click(adminInput);
    await user.paste('Edi');
    expect(adminInput).toHaveValue('Edi');
    // The search waits for the autocomplete's debounce, which a loaded machine stretches (the setup's 10 s apply).
    await waitFor(() => expect(getList).toHaveBeenCalledWith('admin', expect.objectContaining({ filter: { search: 'Edi' } })));
    await user.click(await screen.findByRole('option', { name: 'Edith' }));
    await waitFor(() => expect(auditFilter()).toEqual({ admin_id: edith.id }));
  });

  it('filters by a range of days, the whole last day included', async () => {
    const { auditFilter } = renderAudit([buildAuditEvent({ admin_name: 'Edith' })]);
    await screen.findByText('Edith');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.blur(screen.getByLabelText('From'));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-21' } });
    fireEvent.blur(screen.getByLabelText('To'));
    await waitFor(() => expect(auditFilter()).toEqual({ from: localDayStart('2026-11-01'), to: localDayEnd('2026-11-21') }));
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-21');
  });

  it('pages 10 at a time', async () => {
    const { user, getList } = renderAudit([buildAuditEvent({ admin_name: 'Edith' })], 25);
    await screen.findByText('Edith');
    expect(screen.getByLabelText('Current page')).toHaveTextContent('1 / 3');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(getList).toHaveBeenCalledWith('audit_event', expect.objectContaining({ pagination: { page: 2, perPage: 10 } })));
  });

  it("says 'No event found.' when nothing matches", async () => {
    renderAudit([], 0);
    expect(await screen.findByText('No event found.')).toBeInTheDocument();
  });

  it('on a phone, one compact row per event: action and record (linked while it exists), date, admin, each change', async () => {
    answerMediaQueries((query) => query.includes('max-width'));
    renderAudit([creditAdjustment({ credit_balance: [250, 229.5], reason: [null, 'Geste'] }), failedSignInEvent()]);

    const rows = within(await screen.findByTestId('compact-list')).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(document.querySelector('table')).toBeNull();
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: `Company ${companyId}` })).toHaveAttribute('href', `/company/${companyId}`);
    expect(rows[0]).toHaveTextContent('Credit adjustment · Company');
    expect(rows[0]).toHaveTextContent('21/11/2026, 14:05');
    expect(rows[0]).toHaveTextContent('EdithBalance: +250 credit → +229.5 creditReason: Geste');
    expect(rows[1]).toHaveTextContent('Failed sign in · Session');
    expect(rows[1]).toHaveTextContent('No admin');
  });
});
