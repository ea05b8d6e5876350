import { screen, waitFor, within } from '@testing-library/react';
import type { GetListParams } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import companies from '../../src/resources/companies';
import { CompanyUsersTab } from '../../src/resources/companies/CompanyUsersTab';
import userResource from '../../src/resources/users';
import { buildCompany, buildUser } from '../helpers/builders';
import { renderRecordPart, renderResource } from '../helpers/renderScreen';

afterEach(() => vi.restoreAllMocks());

const lastListCall = (getList: ReturnType<typeof vi.fn>) => getList.mock.calls.at(-1)?.[1] as GetListParams;

/** The list parameters of the router's current URL, as react-admin writes them. */
function listQuery(location: string | null) {
  const query = new URLSearchParams((location ?? '').split('?')[1] ?? '');
  return { filter: JSON.parse(query.get('filter') ?? '{}') as unknown, sort: query.get('sort'), order: query.get('order'), page: query.get('page') };
}

function companiesList(total = 25) {
  const all = Array.from({ length: total }, (_, index) => buildCompany({ name: `Company #${index + 1}` }));
  return {
    all,
    getList: vi.fn(async (_resource: string, params: GetListParams) => {
      const page = params.pagination?.page ?? 1;
      return { data: all.slice((page - 1) * 10, page * 10), total: all.length };
    }),
  };
}

describe('list rows by keyboard', () => {
  it('reaches a row with Tab after the headers and opens its record with Enter', async () => {
    const { all, getList } = companiesList();
    const { user, location } = renderResource(companies, '/company', { dataProvider: { getList, getOne: vi.fn(async () => ({ data: all[0] })) } });
    const first = (await screen.findByText('Company #1')).closest('tr') as HTMLElement;
    screen.getByRole('button', { name: /^Sort by created at/ }).focus();
    await user.tab();
    expect(first).toHaveFocus();
    // The row's selection checkbox comes next: Space selects the row without opening it.
    await user.tab();
    const checkbox = within(first).getByRole('checkbox');
    expect(checkbox).toHaveFocus();
    await user.keyboard(' ');
    expect(checkbox).toBeChecked();
    expect(location()).toBe('/company');
    await user.tab();
    expect(screen.getByText('Company #2').closest('tr')).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(first).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe(`/company/${all[0]?.id}`));
  });

  it("leaves Enter on a row's own button to the button", async () => {
    const target = buildUser({ name: 'Ghost' });
    vi.spyOn(window, 'open').mockReturnValue(null);
    const impersonate = vi.fn(async () => ({ user_id: String(target.id), token: 't', expires_at: 'soon' }));
    const { user, location } = renderResource(userResource, '/user', {
      dataProvider: { getList: vi.fn(async () => ({ data: [target], total: 1 })), impersonate },
    });
    const row = (await screen.findByText('Ghost')).closest('tr') as HTMLElement;
    expect(row).toHaveAttribute('tabindex', '0');
    within(row).getByRole('button', { name: 'Login as' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(impersonate).toHaveBeenCalledWith(target.id));
    expect(location()).toBe('/user');
  });

  it("opens a company's user from its Users tab with Enter", async () => {
    const company = buildCompany({ name: 'Atelier Azur' });
    const member = buildUser({ name: 'Nina Blanc', organisation_id: String(company.id), organisation_name: 'Atelier Azur' });
    const { user, location } = renderRecordPart('company', company.id, <CompanyUsersTab />, {
      dataProvider: { getOne: vi.fn(async () => ({ data: company })), getManyReference: vi.fn(async () => ({ data: [member], total: 1 })) },
    });
    const row = (await screen.findByText('Nina Blanc')).closest('tr') as HTMLElement;
    row.focus();
    expect(row).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe(`/user/${member.id}`));
  });
});

describe('list state in the URL', () => {
  it('opens a filtered, sorted page 2 from its link', async () => {
    const { getList } = companiesList();
    const filter = encodeURIComponent(JSON.stringify({ activity_domain: 'Mobilier' }));
    renderResource(companies, `/company?filter=${filter}&sort=name&order=ASC&page=2&perPage=10`, { dataProvider: { getList } });
    await screen.findByText('Company #11');
    expect(lastListCall(getList)).toMatchObject({
      filter: { activity_domain: 'Mobilier' },
      sort: { field: 'name', order: 'ASC' },
      pagination: { page: 2, perPage: 10 },
    });
    expect(screen.getByLabelText('Current page')).toHaveTextContent('2 / 3');
    expect(screen.getByRole('combobox', { name: 'Activity domain' })).toHaveTextContent('Mobilier');
  });

  it('writes search, sort and page to the URL as they change', async () => {
    const { getList } = companiesList();
    const { user, location } = renderResource(companies, '/company', { dataProvider: { getList } });
    await screen.findByText('Company #1');
    await user.type(screen.getByPlaceholderText('Search'), 'lyon');
    await waitFor(() => expect(listQuery(location()).filter).toEqual({ search: 'lyon' }));
    await user.click(screen.getByRole('button', { name: /^Sort by name/ }));
    await waitFor(() => expect(listQuery(location())).toMatchObject({ sort: 'name', order: 'ASC' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(listQuery(location())).toEqual({ filter: { search: 'lyon' }, sort: 'name', order: 'ASC', page: '2' }));
  });

  it("keeps the users' ?organisation_id= as a filter of the list's URL, with the search and the page", async () => {
    const company = buildCompany({ name: 'Studio Jade' });
    const users = Array.from({ length: 15 }, (_, index) => buildUser({ name: `Member ${index + 1}` }));
    const getList = vi.fn(async (_resource: string, params: GetListParams) => {
      const page = params.pagination?.page ?? 1;
      return { data: users.slice((page - 1) * 10, page * 10), total: users.length };
    });
    const { user, location } = renderResource(userResource, `/user?organisation_id=${company.id}`, {
      dataProvider: { getList, getOne: vi.fn(async () => ({ data: company })) },
    });
    await screen.findByText('Organisation: Studio Jade');
    expect(listQuery(location()).filter).toEqual({ organisation_id: company.id });
    expect(lastListCall(getList).filter).toEqual({ organisation_id: company.id });
    await user.type(screen.getByPlaceholderText('Search'), 'mem');
    await waitFor(() => expect(listQuery(location()).filter).toEqual({ organisation_id: company.id, search: 'mem' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(listQuery(location())).toMatchObject({ filter: { organisation_id: company.id, search: 'mem' }, page: '2' }));
    // The address changes first; the page's search follows on the next render (a loaded machine shows the gap).
    await waitFor(() => expect(lastListCall(getList)).toMatchObject({ filter: { organisation_id: company.id, search: 'mem' }, pagination: { page: 2 } }));
  });
});

describe('create modal focus', () => {
  it('keeps the focus inside while open and gives it back to its button on close', async () => {
    const { user } = renderResource(companies, '/company', { dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })) } });
    const opener = await screen.findByRole('button', { name: 'Create' });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Create company' });
    // MUI moves the focus to the dialog's container on opening; Tab then goes through its fields and buttons only.
    await waitFor(() => expect(dialog.closest('.MuiDialog-root')).toContainElement(document.activeElement as HTMLElement));
    for (let step = 0; step < 8; step += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
