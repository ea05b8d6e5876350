import { screen, waitFor, within } from '@testing-library/react';
import type { RaRecord } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditPage } from '../../src/custom/audit/AuditPage';
import { formatCredit } from '../../src/custom/product';
import { buildAdmin, buildAuditEvent } from '../helpers/builders';
import { answerMediaQueries } from '../helpers/mediaQueries';
import { renderPage } from '../helpers/renderScreen';

afterEach(() => vi.restoreAllMocks());

const companyId = 'c'.repeat(24);
const adminId = 'a'.repeat(24);

/** /audit over a provider that answers `events` for the trail. */
function renderAudit(events: RaRecord[]) {
  const getList = vi.fn(async (resource: string) => (resource === 'audit_event' ? { data: events, total: events.length } : { data: [buildAdmin()], total: 1 }));
  return renderPage(AuditPage, '/audit', { dataProvider: { getList, getMany: vi.fn(async () => ({ data: [] })) } });
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const changesIn = (row: HTMLElement) =>
  within(within(row).getByRole('list', { name: 'Changes' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the audit trail in sentences', () => {
  it('names the record as it was then: a link while it exists, its name and "(deleted)" once gone', async () => {
    renderAudit([
      buildAuditEvent({ action: 'update', entity: 'company', entity_id: companyId, entity_name: 'Atelier du Cèdre', exists: true, changes: null }),
      buildAuditEvent({ action: 'delete', entity: 'company', entity_id: 'd'.repeat(24), entity_name: 'Boréal Conseil', exists: false, changes: null }),
    ]);
    const link = await screen.findByRole('link', { name: 'Company Atelier du Cèdre' });
    expect(link).toHaveAttribute('href', `/company/${companyId}`);
    const deletion = await rowOf('Delete');
    expect(deletion).toHaveTextContent('Company Boréal Conseil (deleted)');
    expect(deletion).not.toHaveTextContent('d'.repeat(24));
    expect(within(deletion).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says fields by their labels, and values as their screens show them', async () => {
    renderAudit([
      buildAuditEvent({
        action: 'delete',
        entity: 'offer',
        entity_id: 'o'.repeat(24),
        entity_name: 'Bureaux en chêne',
        exists: false,
        changes: { _id: ['o'.repeat(24), null], title: ['Bureaux en chêne', null], images: [['a.png', 'b.png'], null], unit: [null, null] },
      }),
      buildAuditEvent({
        action: 'credit_adjustment',
        entity: 'company',
        entity_id: companyId,
        changes: { credit_balance: [250, 229.5], reason: [null, 'Geste commercial'] },
      }),
      buildAuditEvent({
        action: 'update',
        entity: 'company',
        entity_id: companyId,
        changes: { sub_activity_domain: ['Rangement', 'Bureaux'], is_test: [false, true], postal_code: [null, '69002'] },
      }),
      buildAuditEvent({
        action: 'overwrite',
        entity: 'admin',
        entity_id: adminId,
        changes: { role: ['support', 'finance'], last_login_at: [null, '2026-11-20T09:30:00.000Z'] },
      }),
    ]);
    // A deletion states what the record held, without its id or its empty fields.
    expect(changesIn(await rowOf('Delete'))).toEqual(['Title: Bureaux en chêne', 'Images: 2 files']);
    expect(changesIn(await rowOf('Credit adjustment'))).toEqual([`Balance: ${formatCredit(250)} → ${formatCredit(229.5)}`, 'Reason: Geste commercial']);
    expect(changesIn(await rowOf('Update'))).toEqual(['Sub-domain: Rangement → Bureaux', 'Tester: No → Yes', 'Postal code: — → 69002']);
    expect(changesIn(await rowOf('Overwrite'))).toEqual(['Role: Support → Finance', 'Last login: — → 20/11/2026, 09:30']);
  });

  it('links a changed reference by its name, and a credit request to Approvals', async () => {
    const userId = 'e'.repeat(24);
    renderAudit([
      buildAuditEvent({
        action: 'update',
        entity: 'user',
        entity_id: userId,
        entity_name: 'Marie Curie',
        changes: { organisation_id: [companyId, 'f'.repeat(24)], organisation_name: ['Atelier du Cèdre', 'Boréal Conseil'] },
      }),
      buildAuditEvent({
        action: 'credit_request',
        entity: 'company',
        entity_id: companyId,
        changes: { credit_request: [null, 'b'.repeat(24)], amount: [null, 5000], reason: [null, 'Grosse commande'], status: [null, 'pending'] },
      }),
    ]);
    const update = await rowOf('Update');
    expect(changesIn(update)).toEqual(['Organisation: Atelier du Cèdre → Boréal Conseil']);
    expect(within(update).getByRole('link', { name: 'Atelier du Cèdre' })).toHaveAttribute('href', `/company/${companyId}`);
    expect(within(update).getByRole('link', { name: 'Boréal Conseil' })).toHaveAttribute('href', `/company/${'f'.repeat(24)}`);

    const request = await rowOf('Credit request');
    expect(changesIn(request)).toEqual(['Request: View in Approvals', `Amount: ${formatCredit(5000)}`, 'Reason: Grosse commande', 'Status: Pending']);
    expect(within(request).getByRole('link', { name: 'View in Approvals' })).toHaveAttribute('href', '/approvals');
    expect(request).not.toHaveTextContent('b'.repeat(24));
  });

  it('shows a deleted comment as its text, never as JSON', async () => {
    renderAudit([
      buildAuditEvent({
        action: 'comment_delete',
        entity: 'company',
        entity_id: companyId,
        changes: { comment: [{ _id: 'f'.repeat(24), user_name: 'Edith', text: 'Rappeler lundi' }, null] },
      }),
    ]);
    const row = await rowOf('Comment deleted');
    expect(changesIn(row)).toEqual(['Comment: “Rappeler lundi” by Edith']);
    expect(row).not.toHaveTextContent('{');
  });

  it('says sign-ins, sign-outs and ended sessions as such, not as a deleted session', async () => {
    renderAudit([
      buildAuditEvent({
        action: 'sign_in',
        entity: 'session',
        entity_id: adminId,
        entity_name: 'Edith',
        exists: false,
        changes: { browser: [null, 'Firefox'] },
      }),
      buildAuditEvent({ action: 'sign_out', entity: 'session', entity_id: adminId, entity_name: 'Edith', exists: false }),
      buildAuditEvent({
        action: 'session_revoke',
        entity: 'session',
        entity_id: adminId,
        entity_name: 'Edith',
        exists: false,
        changes: { session: ['s'.repeat(24), null] },
      }),
    ]);
    const signIn = await rowOf('Sign in');
    expect(within(signIn).getByText('Signed in')).toBeInTheDocument();
    expect(changesIn(signIn)).toEqual(['Browser: Firefox']);
    const signOut = await rowOf('Sign out');
    expect(within(signOut).getByText('Signed out')).toBeInTheDocument();
    const revoke = await rowOf('Session ended');
    expect(within(revoke).getByRole('link', { name: 'Sessions of Edith' })).toHaveAttribute('href', `/admin/${adminId}`);
    expect(changesIn(revoke)).toEqual(['Session: Open → Ended']);
    for (const row of [signIn, signOut, revoke]) {
      expect(row).not.toHaveTextContent('(deleted)');
      expect(row).not.toHaveTextContent(adminId);
    }
  });

  it('on a phone, the compact row says the same sentences', async () => {
    answerMediaQueries((query) => query.includes('max-width'));
    renderAudit([
      buildAuditEvent({
        action: 'comment_delete',
        entity: 'company',
        entity_id: companyId,
        entity_name: 'Atelier du Cèdre',
        admin_name: 'Edith',
        changes: { comment: [{ _id: 'f'.repeat(24), text: 'Rappeler lundi' }, null] },
      }),
    ]);
    const [row] = within(await screen.findByTestId('compact-list')).getAllByRole('listitem');
    await waitFor(() => expect(row).toHaveTextContent('Comment deleted · Company Atelier du Cèdre'));
    expect(row).toHaveTextContent('Comment: “Rappeler lundi”');
    expect(within(row as HTMLElement).getByRole('link', { name: 'Company Atelier du Cèdre' })).toHaveAttribute('href', `/company/${companyId}`);
  });
});
