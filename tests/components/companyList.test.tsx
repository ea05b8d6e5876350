import { screen, waitFor, within } from '@testing-library/react';
import type { GetListParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { buildCompany } from '../helpers/builders';
import companies from '../../src/resources/companies';
import { renderResource } from '../helpers/renderScreen';

const lastListCall = (getList: ReturnType<typeof vi.fn>) => getList.mock.calls.at(-1)?.[1] as GetListParams;

function companiesList(total = 25) {
  const all = Array.from({ length: total }, (_, index) => buildCompany({ name: `Company #${index + 1}` }));
  return vi.fn(async (_resource: string, params: GetListParams) => {
    const page = params.pagination?.page ?? 1;
    return { data: all.slice((page - 1) * 10, page * 10), total: all.length };
  });
}

describe('/company list', () => {
  it('shows logo or initial, the balance as +N / N credit (thousands grouped), place, and the fr-FR long date', async () => {
    const rows = [
      buildCompany({ name: 'Azur Logo', logo_url: 'http://x.test/logo.png', credit_balance: 250, created_at: '2026-11-21T10:00:00Z' }),
      buildCompany({ name: 'Zéro Corp', credit_balance: 0, city: 'Nantes', postal_code: '44000' }),
      buildCompany({ name: 'debt co', credit_balance: -40 }),
      buildCompany({ name: 'Grand Compte', credit_balance: 1234567 }),
    ];
    renderResource(companies, '/company', { dataProvider: { getList: vi.fn(async () => ({ data: rows, total: 4 })) } });
    const azur = (await screen.findByText('Azur Logo')).closest('tr') as HTMLElement;
    expect(within(azur).getByRole('img', { name: 'Azur Logo' })).toHaveAttribute('src', 'http://x.test/logo.png');
    expect(within(azur).getByText('+250 credit')).toBeInTheDocument();
    expect(within(azur).getByText('21 novembre 2026')).toBeInTheDocument();
    const zero = screen.getByText('Zéro Corp').closest('tr') as HTMLElement;
    expect(within(zero).getByText('Z')).toBeInTheDocument();
    expect(within(zero).getByText('0 credit')).toBeInTheDocument();
    expect(within(zero).getByText('44000')).toBeInTheDocument();
    expect(within(zero).getByText('Nantes')).toBeInTheDocument();
    const debt = screen.getByText('debt co').closest('tr') as HTMLElement;
    expect(within(debt).getByText('D')).toBeInTheDocument();
    expect(within(debt).getByText('-40 credit')).toBeInTheDocument();
    // Thousands grouped by a narrow no-break space from five digits on, as every credit amount of the console.
    const large = screen.getByText('Grand Compte').closest('tr') as HTMLElement;
    // (Testing Library reads the narrow no-break space as a space; the cell holds it.)
    expect(within(large).getByText('+1 234 567 credit').textContent).toBe('+1\u202f234\u202f567 credit');
  });

  it("says 'Aucune candidature n'a été trouvé' when nothing matches", async () => {
    renderResource(companies, '/company', { dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })) } });
    expect(await screen.findByText("Aucune candidature n'a été trouvé")).toBeInTheDocument();
  });

  it('asks created_at descending by default, 10 a page', async () => {
    const getList = companiesList();
    renderResource(companies, '/company', { dataProvider: { getList } });
    await screen.findByText('Company #1');
    expect(lastListCall(getList)).toMatchObject({ sort: { field: 'created_at', order: 'DESC' }, pagination: { page: 1, perPage: 10 } });
  });

  it('toggles a column between ascending and descending, one key at a time, back on page 1', async () => {
    const getList = companiesList();
    const { user } = renderResource(companies, '/company', { dataProvider: { getList } });
    await screen.findByText('Company #1');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastListCall(getList).pagination).toEqual({ page: 2, perPage: 10 }));
    await user.click(screen.getByRole('button', { name: /^Sort by name/ }));
    await waitFor(() => expect(lastListCall(getList)).toMatchObject({ sort: { field: 'name', order: 'ASC' }, pagination: { page: 1, perPage: 10 } }));
    await user.click(screen.getByRole('button', { name: /^Sort by name/ }));
    await waitFor(() => expect(lastListCall(getList).sort).toEqual({ field: 'name', order: 'DESC' }));
    await user.click(screen.getByRole('button', { name: /^Sort by balance/ }));
    await waitFor(() => expect(lastListCall(getList).sort).toEqual({ field: 'credit_balance', order: 'ASC' }));
    for (const column of ['domain', 'sub-domain', 'city', 'created at']) {
      expect(screen.getByRole('button', { name: new RegExp(`^Sort by ${column} `) })).toBeInTheDocument();
    }
    for (const unsortable of ['postal code', 'country', 'logo']) {
      expect(screen.queryByRole('button', { name: new RegExp(`^Sort by ${unsortable} `) })).not.toBeInTheDocument();
    }
  });

  it('keeps the sub-domain disabled until a domain is chosen, and clears it when the domain changes', async () => {
    const getList = companiesList();
    const { user } = renderResource(companies, '/company', { dataProvider: { getList } });
    await screen.findByText('Company #1');
    const subDomain = screen.getByRole('combobox', { name: 'Sub-domain' });
    expect(subDomain).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastListCall(getList).pagination?.page).toBe(2));
    await user.click(screen.getByRole('combobox', { name: 'Activity domain' }));
    await user.click(await screen.findByRole('option', { name: 'Mobilier' }));
    await waitFor(() => expect(lastListCall(getList)).toMatchObject({ filter: { activity_domain: 'Mobilier' }, pagination: { page: 1, perPage: 10 } }));

    expect(screen.getByRole('combobox', { name: 'Sub-domain' })).not.toHaveAttribute('aria-disabled');
    await user.click(screen.getByRole('combobox', { name: 'Sub-domain' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent).filter((text) => text?.trim())).toContain('Rangement');
    await user.click(screen.getByRole('option', { name: 'Rangement' }));
    await waitFor(() => expect(lastListCall(getList).filter).toEqual({ activity_domain: 'Mobilier', sub_activity_domain: 'Rangement' }));

    await user.click(screen.getByRole('combobox', { name: 'Activity domain' }));
    await user.click(await screen.findByRole('option', { name: 'Électronique' }));
    await waitFor(() => expect(lastListCall(getList).filter).toEqual({ activity_domain: 'Électronique' }));
  });

  it('resets every filter with the reset button', async () => {
    const getList = companiesList();
    const { user } = renderResource(companies, '/company', { dataProvider: { getList } });
    await screen.findByText('Company #1');
    expect(screen.getByRole('button', { name: 'Reset filters' })).toBeDisabled();
    await user.type(screen.getByPlaceholderText('Search'), 'lyon');
    await waitFor(() => expect(lastListCall(getList).filter).toEqual({ search: 'lyon' }));
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(lastListCall(getList).filter).toEqual({}));
  });
});

describe('company Create modal', () => {
  it('waits for a name and an uploaded logo, then opens /company/{id}', async () => {
    const created = buildCompany({ name: 'Neuve' });
    const uploadFiles = vi.fn(async () => ['http://localhost:3000/uploads/credit/logo-abc.png']);
    const create = vi.fn(async () => ({ data: created }));
    const { user, location } = renderResource(companies, '/company', {
      dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })), create, uploadFiles, getOne: vi.fn(async () => ({ data: created })) },
    });
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create company' });
    const createButton = within(dialog).getByRole('button', { name: 'Create' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Neuve');
    expect(createButton).toBeDisabled();
    await user.upload(within(dialog).getByLabelText('Logo'), new File(['png'], 'logo.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(uploadFiles).toHaveBeenCalledWith([{ rawBody: expect.stringMatching(/^data:image\/png;base64,/), name: 'logo.png' }], '/credit'),
    );
    expect(await within(dialog).findByRole('img', { name: 'Logo' })).toHaveAttribute('src', 'http://localhost:3000/uploads/credit/logo-abc.png');
    expect(createButton).toBeEnabled();
    await user.click(createButton);
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        'company',
        expect.objectContaining({ data: { name: 'Neuve', logo_url: 'http://localhost:3000/uploads/credit/logo-abc.png' } }),
      ),
    );
    expect(await screen.findByText('Company created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe(`/company/${created.id}`));
  });

  it('shows the upload refusal code and stays disabled', async () => {
    const uploadFiles = vi.fn(async () => Promise.reject(new Error('UNSUPPORTED_FILE_TYPE')));
    const { user } = renderResource(companies, '/company', { dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })), uploadFiles } });
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create company' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Neuve');
    await user.upload(within(dialog).getByLabelText('Logo'), new File(['x'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('UNSUPPORTED_FILE_TYPE')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
  });
});
