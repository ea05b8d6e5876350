import { screen, waitFor, within } from '@testing-library/react';
import type { GetManyReferenceParams, RaRecord } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { AuditEntity } from '../../shared/catalogue/audit';
import { buildAdmin, buildAuditEvent, buildCompany, buildNeed, buildOffer, buildUser } from '../helpers/builders';
import { resources } from '../../src/resources';
import { renderResource } from '../helpers/renderScreen';

const pages: Array<[AuditEntity, () => RaRecord]> = [
  ['admin', () => buildAdmin()],
  ['user', () => buildUser()],
  ['company', () => buildCompany()],
  ['offer', () => buildOffer()],
  ['need', () => buildNeed()],
];

/** A record page whose History answers `events` (with `total`) and whose other lists are empty. */
function renderRecord(resource: string, record: RaRecord, events: RaRecord[], total = events.length) {
  const getManyReference = vi.fn(async (reference: string, _params: GetManyReferenceParams) =>
    reference === 'audit_event' ? { data: events, total } : { data: [], total: 0 },
  );
  const declaration = resources.find((candidate) => candidate.name === resource);
  if (!declaration) throw new Error(`No resource ${resource}`);
  const view = renderResource(declaration, `/${resource}/${record.id}`, {
    dataProvider: {
      getOne: vi.fn(async () => ({ data: record })),
      getList: vi.fn(async () => ({ data: [], total: 0 })),
      getMany: vi.fn(async () => ({ data: [] })),
      getManyReference,
    },
  });
  return { ...view, getManyReference };
}

describe('History tab of every record page', () => {
  it.each(pages)('/%s/{id}: History sits beside Raw Data and lists who changed what, before → after', async (resource, build) => {
    const record = build();
    const event = buildAuditEvent({
      entity: resource,
      entity_id: String(record.id),
      admin_name: 'Edith',
      action: 'update',
      changes: { city: ['Lyon', 'Nantes'], is_test: [false, true] },
    });
    const { user, getManyReference } = renderRecord(resource, record, [event]);
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    expect(
      screen
        .getAllByRole('tab')
        .slice(-2)
        .map((tab) => tab.textContent),
    ).toEqual(['History', 'Raw Data']);

    const row = (await screen.findByText('Edith')).closest('tr') as HTMLElement;
    expect(within(row).getByText('21/11/2026, 14:05')).toBeInTheDocument();
    expect(within(row).getByText('Update')).toBeInTheDocument();
    const changes = within(within(row).getByRole('list', { name: 'Changes' })).getAllByRole('listitem');
    // Labelled by the entity's declaration (a field it does not declare: its key in words); a boolean as Yes/No.
    expect(changes.map((item) => item.textContent)).toEqual(['City: Lyon → Nantes', `${resource === 'company' ? 'Tester' : 'Is test'}: No → Yes`]);
    expect(getManyReference).toHaveBeenCalledWith('audit_event', expect.objectContaining({ target: 'entity_id', id: record.id, filter: { entity: resource } }));
  });

  it('shows empty values as —, events without an admin, and pages 10 at a time', async () => {
    const company = buildCompany();
    const events = [
      buildAuditEvent({
        entity: 'company',
        entity_id: String(company.id),
        action: 'credit_adjustment',
        admin_name: null,
        admin_id: null,
        changes: { credit_balance: [null, 120] },
      }),
      buildAuditEvent({ entity: 'company', entity_id: String(company.id), action: 'create', changes: null }),
    ];
    const { user, getManyReference } = renderRecord('company', company, events, 12);
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const adjustment = (await screen.findByText('Credit adjustment')).closest('tr') as HTMLElement;
    expect(within(adjustment).getByText('No admin')).toBeInTheDocument();
    expect(within(adjustment).getByRole('listitem')).toHaveTextContent('Balance: — → +120 credit');
    const creation = screen.getByText('Create').closest('tr') as HTMLElement;
    expect(within(creation).queryByRole('list', { name: 'Changes' })).not.toBeInTheDocument();

    expect(screen.getByLabelText('Current page')).toHaveTextContent('1 / 2');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(getManyReference).toHaveBeenCalledWith('audit_event', expect.objectContaining({ pagination: { page: 2, perPage: 10 } })));
  });
});
