import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCompany } from '../helpers/builders';
import type { ReactNode } from 'react';
import companies from '../../src/resources/companies';
import { CompanyCommentsTab } from '../../src/resources/companies/CompanyCommentsTab';
import { CompanySyncTab } from '../../src/resources/companies/CompanySyncTab';
import { CompanyUsersTab } from '../../src/resources/companies/CompanyUsersTab';
import { ME, type MockedDataProvider } from '../helpers/fakeProviders';
import { renderRecordPart, renderResource } from '../helpers/renderScreen';

afterEach(() => vi.unstubAllGlobals());

/** The company page, or only `part` of it (a tab) inside the company's record context. */
function renderCompany(company = buildCompany({ name: 'Atelier Azur', credit_balance: 250 }), overrides: MockedDataProvider = {}, part?: ReactNode) {
  let current = company;
  const dataProvider = {
    getOne: vi.fn(async () => ({ data: current })),
    getList: vi.fn(async () => ({ data: [current], total: 1 })),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    update: vi.fn(async (_resource: string, params: { data: object }) => {
      current = { ...current, ...params.data };
      return { data: current };
    }),
    delete: vi.fn(async () => ({ data: current })),
    ...overrides,
  };
  const view = part ? renderRecordPart('company', company.id, part, { dataProvider }) : renderResource(companies, `/company/${company.id}`, { dataProvider });
  return {
    ...view,
    company,
    dataProvider,
    setCurrent: (next: typeof company) => (current = next),
  };
}

describe('/company/{id} Information', () => {
  it('shows the tabs, the creation date and the balance badge', async () => {
    renderCompany(buildCompany({ name: 'Atelier Azur', credit_balance: 250, created_at: '2026-03-05T10:00:00Z' }));
    expect(await screen.findByDisplayValue('Atelier Azur')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Information', 'Users', 'Comments', 'Sync', 'Credits', 'History', 'Raw Data']);
    expect(screen.getByTestId('balance-badge')).toHaveTextContent('+250 credit');
    expect(screen.getByText('Created on 5 mars 2026')).toBeInTheDocument();
    expect(screen.getByLabelText('Tester')).not.toBeChecked();
  });

  it("updates the whole company and says 'Updated!'", async () => {
    const { user, dataProvider, company } = renderCompany();
    const city = await screen.findByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Nantes');
    await user.click(screen.getByLabelText('Tester'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(dataProvider.update).toHaveBeenCalledWith(
        'company',
        expect.objectContaining({
          id: company.id,
          data: expect.objectContaining({ city: 'Nantes', is_test: true, name: 'Atelier Azur', credit_balance: 250 }),
        }),
      ),
    );
    expect(await screen.findByText('Updated!')).toBeInTheDocument();
  });

  it('clears the sub-domain when the domain changes', async () => {
    const { user, dataProvider } = renderCompany();
    await screen.findByDisplayValue('Atelier Azur');
    expect(screen.getByRole('combobox', { name: 'Sub-domain' })).toHaveTextContent('Rangement');
    await user.click(screen.getByRole('combobox', { name: 'Activity domain' }));
    await user.click(await screen.findByRole('option', { name: 'Électronique' }));
    expect(screen.getByRole('combobox', { name: 'Sub-domain' })).not.toHaveTextContent('Rangement');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(dataProvider.update).toHaveBeenCalledWith(
        'company',
        expect.objectContaining({ data: expect.objectContaining({ activity_domain: 'Électronique', sub_activity_domain: null }) }),
      ),
    );
  });

  it('shows the code when the update is refused', async () => {
    const { user } = renderCompany(undefined, { update: vi.fn(async () => Promise.reject(new Error('VALIDATION_ERROR'))) });
    const city = await screen.findByLabelText('City');
    await user.type(city, 'x');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('VALIDATION_ERROR')).toBeInTheDocument();
  });

  it('deletes after the prompt and returns to /company', async () => {
    const { user, dataProvider, location } = renderCompany();
    await screen.findByDisplayValue('Atelier Azur');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(dataProvider.delete).toHaveBeenCalled());
    await waitFor(() => expect(location()).toBe('/company'));
  });

  it('asks the registry only past 2 characters and fills the form from the chosen company', async () => {
    const registry = vi.fn(
      async (_url: string) =>
        new Response(
          JSON.stringify({
            entreprises: [
              {
                nom_entreprise: 'MAISON LUMIERE',
                denomination: 'Maison Lumière',
                siege: { siret: '98765432109876', numero_voie: '4', libelle_voie: 'quai de la Loire', ville: 'Nantes', code_postal: '44000', pays: 'France' },
                domaine_activite: 'Électronique',
                forme_juridique: 'SARL',
                effectif: '20-49',
                chiffre_affaires: 900000,
                date_creation: '2011-02-03',
              },
            ],
          }),
        ),
    );
    vi.stubGlobal('fetch', registry);
    const { user } = renderCompany();
    await screen.findByDisplayValue('Atelier Azur');
    const lookup = screen.getByLabelText('Search the company registry');
    await user.type(lookup, 'ma');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(registry).not.toHaveBeenCalled();
    await user.type(lookup, 'i');
    await waitFor(() => expect(registry).toHaveBeenCalledTimes(1));
    expect(String(registry.mock.calls[0]?.[0])).toContain('/registry/recherche?q=mai&api_token=');
    await user.click(await screen.findByRole('option', { name: /Maison Lumière/ }));
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Maison Lumière');
    expect(screen.getByLabelText('Siret')).toHaveValue('98765432109876');
    expect(screen.getByLabelText('City')).toHaveValue('Nantes');
    expect(screen.getByLabelText('Creation year')).toHaveValue(2011);
    expect(screen.getByRole('combobox', { name: 'Activity domain' })).toHaveTextContent('Électronique');
    expect(screen.getByRole('combobox', { name: 'Sub-domain' })).not.toHaveTextContent('Rangement');
  });

  it('only logs a failed registry lookup', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderCompany();
    await screen.findByDisplayValue('Atelier Azur');
    await user.type(screen.getByLabelText('Search the company registry'), 'maison');
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Company registry lookup failed', expect.any(TypeError)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    consoleError.mockRestore();
  });
});

describe('/company/{id} Users tab', () => {
  it('lists the users of the company and opens /user/{id} on a row click', async () => {
    const user1 = {
      id: 'u'.repeat(24),
      name: 'Nina Blanc',
      email: 'nina@example.com',
      organisation_name: 'Atelier Azur',
      last_login_at: '2026-11-20T14:05:00',
    };
    const { user, dataProvider, company, location } = renderCompany(
      undefined,
      { getManyReference: vi.fn(async () => ({ data: [user1], total: 1 })) },
      <CompanyUsersTab />,
    );
    const row = (await screen.findByText('Nina Blanc')).closest('tr') as HTMLElement;
    expect(within(row).getByText('nina@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Atelier Azur')).toBeInTheDocument();
    expect(within(row).getByText('20/11/2026, 14:05')).toBeInTheDocument();
    expect(dataProvider.getManyReference).toHaveBeenCalledWith('user', expect.objectContaining({ target: 'organisation_id', id: company.id }));
    await user.click(row);
    await waitFor(() => expect(location()).toBe(`/user/${user1.id}`));
  });

  it("invites a user: 'Inviter' waits for name and email, then 'Invited!'", async () => {
    const inviteUser = vi.fn(async () => undefined);
    const { user, company } = renderCompany(undefined, { inviteUser }, <CompanyUsersTab />);
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    const inviter = within(dialog).getByRole('button', { name: 'Inviter' });
    expect(inviter).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Name'), 'Nina');
    expect(inviter).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Email'), 'nina@example.com');
    await user.click(inviter);
    await waitFor(() =>
      expect(inviteUser).toHaveBeenCalledWith({
        name: 'Nina',
        email: 'nina@example.com',
        organisation_id: company.id,
        organisation_name: 'Atelier Azur',
        invited: true,
      }),
    );
    expect(await screen.findByText('Invited!')).toBeInTheDocument();
  });

  it('shows the code of a refused invitation', async () => {
    const { user } = renderCompany(undefined, { inviteUser: vi.fn(async () => Promise.reject(new Error('EMAIL_TAKEN'))) }, <CompanyUsersTab />);
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText('Name'), 'Nina');
    await user.type(within(dialog).getByLabelText('Email'), 'nina@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Inviter' }));
    expect(await screen.findByText('EMAIL_TAKEN')).toBeInTheDocument();
  });
});

describe('/company/{id} Comments tab', () => {
  const withComments = () =>
    buildCompany({
      name: 'Atelier Azur',
      comments: [
        {
          _id: 'e'.repeat(24),
          user_name: 'Demo Admin',
          author_id: ME.id,
          text: 'Premier contact',
          created_at: new Date(Date.now() - 3 * 3600 * 1000).toISOString(),
        },
      ],
    });

  it('shows author, relative time and text', async () => {
    renderCompany(withComments(), {}, <CompanyCommentsTab />);
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(within(list).getByText('Demo Admin')).toBeInTheDocument();
    expect(within(list).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(list).getByText('Premier contact')).toBeInTheDocument();
  });

  it("adds a comment: the button waits for text, then 'Comment added!'", async () => {
    const addComment = vi.fn(async () => withComments());
    const { user, company } = renderCompany(withComments(), { addComment }, <CompanyCommentsTab />);
    const add = await screen.findByRole('button', { name: 'Add comment' });
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('New comment'), '   ');
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('New comment'), 'Relance faite');
    await user.click(add);
    await waitFor(() => expect(addComment).toHaveBeenCalledWith(company.id, 'Relance faite'));
    expect(await screen.findByText('Comment added!')).toBeInTheDocument();
    expect(screen.getByLabelText('New comment')).toHaveValue('');
  });

  it("deletes a comment after 'Are you sure?', then 'Comment deleted!'", async () => {
    const deleteComment = vi.fn(async () => []);
    const { user, company } = renderCompany(withComments(), { deleteComment }, <CompanyCommentsTab />);
    await user.click(within(await screen.findByRole('list', { name: 'Comments' })).getByRole('button', { name: 'Delete' }));
    expect(deleteComment).not.toHaveBeenCalled();
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(deleteComment).toHaveBeenCalledWith(company.id, 'e'.repeat(24)));
    expect(await screen.findByText('Comment deleted!')).toBeInTheDocument();
  });
});

describe('/company/{id} Sync and Raw Data tabs', () => {
  it('starts a sync with the organisation id and shows the last job', async () => {
    const startSync = vi.fn(async () => ({ _id: 'j', organization_id: 'old-42', status: 'queued', started_at: '2026-11-21T14:05:00' }));
    const company = buildCompany({ name: 'Atelier Azur', organization_id: null, last_sync: null });
    const { user, setCurrent } = renderCompany(company, { startSync }, <CompanySyncTab />);
    expect(await screen.findByTestId('last-sync')).toHaveTextContent('No sync yet.');
    const start = screen.getByRole('button', { name: 'Start' });
    expect(start).toBeDisabled();
    await user.type(screen.getByLabelText('Organisation id'), 'old-42');
    setCurrent({
      ...company,
      organization_id: 'old-42',
      last_sync: { _id: 'j', organization_id: 'old-42', status: 'queued', started_at: '2026-11-21T14:05:00' },
    });
    await user.click(start);
    await waitFor(() => expect(startSync).toHaveBeenCalledWith(company.id, 'old-42'));
    await waitFor(() => expect(screen.getByTestId('last-sync')).toHaveTextContent('Last sync: queued, started 21/11/2026, 14:05 (organisation old-42)'));
  });

  it('pretty-prints the company', async () => {
    const { user, company } = renderCompany();
    await screen.findByDisplayValue('Atelier Azur');
    await user.click(screen.getByRole('tab', { name: 'Raw Data' }));
    expect(JSON.parse(screen.getByTestId('raw-data').textContent ?? '')).toMatchObject({ _id: company.id, name: 'Atelier Azur', credit_balance: 250 });
  });
});
