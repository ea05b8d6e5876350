import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ROLES, may, type Resource } from '../../shared/catalogue/permissions';
import type { CompanySummary } from '../../shared/contract/companies';
import { companyFields, companyFormRows } from '../../shared/entities/companies';
import companies from '../../src/resources/companies';
import needResource from '../../src/resources/needs';
import offerResource from '../../src/resources/offers';
import userResource from '../../src/resources/users';
import { buildCompany, buildNeed, buildOffer, buildUser } from '../helpers/builders';
import { fakeAuthProvider, signedInAs } from '../helpers/fakeProviders';
import { renderResource } from '../helpers/renderScreen';

/** What takes typing on the page: every input (a switch and a checkbox too), text area and editable element not read-only or disabled. */
const typeable = () =>
  Array.from(document.querySelectorAll<HTMLElement>('input, textarea, [contenteditable]')).filter((element) => {
    if (element.getAttribute('contenteditable') === 'false') return false;
    if (element instanceof HTMLInputElement) return element.type !== 'hidden' && !element.readOnly && !element.disabled;
    if (element instanceof HTMLTextAreaElement) return !element.readOnly && !element.disabled;
    return true;
  });

/** The roles that may read `resource` and not update it: generated from the permission table. */
const readOnlyRoles = (resource: Resource) => ROLES.filter((role) => may(role, resource, 'read') && !may(role, resource, 'update'));

const azur = buildCompany({
  name: 'Atelier Azur',
  siret: '12345678900012',
  sub_activity_domain: 'Rangement',
  turnover: 125000.5,
  creation_year: 1998,
  website: 'https://azur.example',
  email: 'contact@azur.example',
  description: 'Une longue description\nsur deux lignes',
  is_test: true,
  comments: [
    { _id: 'c2'.padEnd(24, 'a'), user_name: 'Ada', author_id: null, text: 'Rappeler lundi', created_at: '2026-11-02T10:00:00.000Z' },
    { _id: 'c1'.padEnd(24, 'b'), user_name: 'Bob', author_id: null, text: 'Premier contact', created_at: '2026-11-01T10:00:00.000Z' },
  ],
  last_sync: { _id: 'a'.repeat(24), organization_id: 'OLD-42', status: 'done', started_at: '2026-11-20T13:05:00.000Z' },
});
const SUMMARY: CompanySummary = { users: 3, offers: 12, needs: 1, rooms: 4, comments: 2, pending_credit_requests: 2 };

const companyProviders = (summary: CompanySummary = SUMMARY) => ({
  getOne: vi.fn(async () => ({ data: azur })),
  getList: vi.fn(async () => ({ data: [], total: 0 })),
  getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
  getCompanySummary: vi.fn(async () => summary),
});

describe.each(readOnlyRoles('company'))("a company's page read by a %s admin", (role) => {
  it('is a read view: every field as text, nothing to type into, no Update or Delete, the tabs kept', async () => {
    renderResource(companies, `/company/${azur.id}`, { authProvider: fakeAuthProvider(signedInAs(role)), dataProvider: companyProviders() });
    const fields = await screen.findByText('12345678900012');
    expect(typeable()).toEqual([]);
    const information = fields.closest('[role="tabpanel"]') as HTMLElement;
    // Values a disabled form kept typeable, or greyed out: now plain text, whole.
    for (const text of ['Rangement', '1998', 'Yes', 'contact@azur.example', 'https://azur.example'])
      expect(within(information).getByText(text)).toBeInTheDocument();
    expect(within(information).getByText(/125\s000,5\s€/)).toBeInTheDocument();
    expect(within(information).getByText('Une longue description\nsur deux lignes', { normalizer: (text) => text })).toBeInTheDocument();
    expect(within(information).getByRole('link', { name: 'contact@azur.example' })).toHaveAttribute('href', 'mailto:contact@azur.example');
    // Every field, labelled, in the form's rows and order.
    const labels = within(information)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(labels).toEqual(companyFormRows.flat().map((name) => companyFields.fields[name].label));
    for (const name of ['Update', 'Delete', 'Upload']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.getAttribute('href'));
    for (const tab of ['users', 'comments', 'sync', 'credits', 'raw-data']) expect(tabs).toContain(`/company/${azur.id}/${tab}`);
    expect(screen.getByTestId('balance-badge')).toHaveTextContent('+120 credit');
  });
});

describe.each(readOnlyRoles('need'))("a need's page read by a %s admin", (role) => {
  it('is a read view: its description and urgency as text, the organisation a link, nothing to type into', async () => {
    const need = buildNeed({
      description: 'Cloisons pour le deuxième étage',
      emergency: 'Maintenant',
      organisation_id: azur.id,
      organisation_name: 'Atelier Azur',
    });
    renderResource(needResource, `/need/${need.id}`, {
      authProvider: fakeAuthProvider(signedInAs(role)),
      dataProvider: {
        getOne: vi.fn(async () => ({ data: need })),
        getList: vi.fn(async () => ({ data: [], total: 0 })),
        getMany: vi.fn(async () => ({ data: [] })),
      },
    });
    expect((await screen.findAllByText('Cloisons pour le deuxième étage')).length).toBeGreaterThan(0);
    expect(typeable()).toEqual([]);
    expect(screen.getByText('Maintenant')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Atelier Azur' })).toHaveAttribute('href', `/company/${azur.id}`);
    for (const name of ['Update', 'Delete']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});

describe.each(readOnlyRoles('offer'))("an offer's page read by a %s admin", (role) => {
  it('is a read view: the price in euros with its unit, the organisation a link, nothing to type into', async () => {
    const offer = buildOffer({
      title: 'Salon 2027',
      organisation_id: azur.id,
      organisation_name: 'Atelier Azur',
      price: 1500,
      unit: 'jour',
      images: ['http://x.test/1.png'],
    });
    renderResource(offerResource, `/offer/${offer.id}`, {
      authProvider: fakeAuthProvider(signedInAs(role)),
      dataProvider: {
        getOne: vi.fn(async () => ({ data: offer })),
        getList: vi.fn(async () => ({ data: [], total: 0 })),
        getMany: vi.fn(async () => ({ data: [] })),
      },
    });
    expect(await screen.findByText('1500 € / jour')).toBeInTheDocument();
    expect(typeable()).toEqual([]);
    expect(screen.getByText('Salon 2027')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Atelier Azur' })).toHaveAttribute('href', `/company/${azur.id}`);
    expect(screen.getByRole('link', { name: 'Image 1' })).toHaveAttribute('href', 'http://x.test/1.png');
    for (const name of ['Update', 'Delete', 'Add image']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Raw Data' })).toBeInTheDocument();
  });
});

describe.each(readOnlyRoles('user'))("a user's page read by a %s admin", (role) => {
  it('is a read view: name, e-mail and company as text, the company a link, nothing to type into', async () => {
    const nina = buildUser({ name: 'Nina Blanc', email: 'nina@example.com', organisation_id: azur.id, organisation_name: 'Atelier Azur' });
    renderResource(userResource, `/user/${nina.id}`, {
      authProvider: fakeAuthProvider(signedInAs(role)),
      dataProvider: {
        getOne: vi.fn(async () => ({ data: nina })),
        getList: vi.fn(async () => ({ data: [], total: 0 })),
        getMany: vi.fn(async () => ({ data: [] })),
      },
    });
    expect(await screen.findByText('nina@example.com')).toBeInTheDocument();
    expect(typeable()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Atelier Azur' })).toHaveAttribute('href', `/company/${azur.id}`);
    for (const name of ['Update', 'Delete']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});

describe('a role that may update keeps the form', () => {
  it.each(ROLES.filter((role) => may(role, 'company', 'update')))('a %s admin edits the company', async (role) => {
    renderResource(companies, `/company/${azur.id}`, { authProvider: fakeAuthProvider(signedInAs(role)), dataProvider: companyProviders() });
    expect(await screen.findByDisplayValue('Atelier Azur')).not.toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });
});

describe.each(['owner', 'support'] as const)("a company's summary, for a %s admin", (role) => {
  it('opens the page with the counts of one call, each a link to where those records are, and the tabs counted', async () => {
    const providers = companyProviders();
    renderResource(companies, `/company/${azur.id}`, { authProvider: fakeAuthProvider(signedInAs(role)), dataProvider: providers });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    await waitFor(() => expect(within(summary).getByTestId('summary-users')).toHaveTextContent('3 users'));
    expect(providers.getCompanySummary).toHaveBeenCalledWith(azur.id);
    expect(within(summary).getByTestId('summary-offers')).toHaveTextContent('12 offers');
    expect(within(summary).getByTestId('summary-needs')).toHaveTextContent('1 need');
    expect(within(summary).getByTestId('summary-rooms')).toHaveTextContent('4 rooms');
    expect(within(summary).getByTestId('summary-pending_credit_requests')).toHaveTextContent('2 pending credit requests');
    expect(within(summary).getByRole('link', { name: '3 users' })).toHaveAttribute('href', `/company/${azur.id}/users`);
    expect(within(summary).getByRole('link', { name: '2 pending credit requests' })).toHaveAttribute('href', `/company/${azur.id}/credits`);
    const offers = new URL(within(summary).getByRole('link', { name: '12 offers' }).getAttribute('href') ?? '', 'http://console.test');
    expect(offers.pathname).toBe('/offer');
    expect(JSON.parse(offers.searchParams.get('filter') ?? '')).toEqual({ organisation_id: azur.id });
    // The registry status and the newest comment.
    expect(within(summary).getByTestId('summary-registry')).toHaveTextContent('Identified, SIRET 12345678900012');
    expect(within(summary).getByTestId('summary-sync')).toHaveTextContent(/Sync done, 20\/11\/2026/);
    expect(within(summary).getByTestId('summary-last-comment')).toHaveTextContent(/“Rappeler lundi”Ada, /);
    // The tabs' names stay their labels; their counts are beside them.
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveTextContent('Users3');
    expect(screen.getByRole('tab', { name: 'Comments' })).toHaveTextContent('Comments2');
    expect(screen.getByTestId('tab-count-users')).toHaveTextContent('3');
    expect(screen.queryByTestId('tab-count-sync')).not.toBeInTheDocument();
  });
});

describe("a company's summary without its counts", () => {
  it('says a company with no SIRET, no sync and no comment so, and that the counts could not be read', async () => {
    const bare = buildCompany({ name: 'Sans Siret', siret: null });
    renderResource(companies, `/company/${bare.id}`, {
      dataProvider: {
        getOne: vi.fn(async () => ({ data: bare })),
        getList: vi.fn(async () => ({ data: [], total: 0 })),
        getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
        getCompanySummary: vi.fn(async () => {
          throw new Error('down');
        }),
      },
    });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByTestId('summary-registry')).toHaveTextContent('Not identified: no SIRET');
    expect(within(summary).getByTestId('summary-sync')).toHaveTextContent('Never synced');
    expect(within(summary).getByTestId('summary-last-comment')).toHaveTextContent('No comment yet');
    await waitFor(() => expect(within(summary).getByTestId('summary-users')).toHaveTextContent('users: not counted'));
    expect(screen.queryByTestId('tab-count-users')).not.toBeInTheDocument();
  });
});
