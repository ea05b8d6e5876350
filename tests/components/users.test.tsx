import { screen, waitFor, within } from '@testing-library/react';
import type { GetListParams } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectUrl } from '../../src/resources/users/connectUrl';
import { buildCompany, buildUser } from '../helpers/builders';
import userResource from '../../src/resources/users';
import { renderResource } from '../helpers/renderScreen';

afterEach(() => vi.restoreAllMocks());

describe('/user list', () => {
  it('shows name, email, organisation and last login, 10 a page', async () => {
    const users = [buildUser({ name: 'Nina Blanc', email: 'nina@example.com', organisation_name: 'Studio Jade', last_login_at: '2026-11-20T14:05:00Z' })];
    const getList = vi.fn(async () => ({ data: users, total: 1 }));
    renderResource(userResource, '/user', { dataProvider: { getList } });
    const row = (await screen.findByText('Nina Blanc')).closest('tr') as HTMLElement;
    expect(within(row).getByText('nina@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Studio Jade')).toBeInTheDocument();
    expect(within(row).getByText('20/11/2026, 14:05')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Login as' })).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('user', expect.objectContaining({ pagination: { page: 1, perPage: 10 } }));
  });

  it('narrows to ?organisation_id= and can widen again', async () => {
    const company = buildCompany({ name: 'Studio Jade' });
    const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: [], total: 0 }));
    const { user } = renderResource(userResource, `/user?organisation_id=${company.id}`, {
      dataProvider: { getList, getOne: vi.fn(async () => ({ data: company })) },
    });
    await waitFor(() => expect(getList).toHaveBeenCalledWith('user', expect.objectContaining({ filter: { organisation_id: company.id } })));
    const chip = await screen.findByText('Organisation: Studio Jade');
    await user.click(within(chip.closest('.MuiChip-root') as HTMLElement).getByTestId('CancelIcon'));
    await waitFor(() => expect(getList.mock.calls.at(-1)?.[1].filter).toEqual({}));
  });

  it("the dashboard's link to the users invited who never signed in: narrowed, said by a chip, widened by its delete", async () => {
    const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: [], total: 0 }));
    const { user } = renderResource(userResource, `/user?filter=${encodeURIComponent(JSON.stringify({ invited_not_signed_in: true }))}`, {
      dataProvider: { getList },
    });
    await waitFor(() => expect(getList).toHaveBeenCalledWith('user', expect.objectContaining({ filter: { invited_not_signed_in: true } })));
    const chip = await screen.findByText('Invited, never signed in');
    await user.click(within(chip.closest('.MuiChip-root') as HTMLElement).getByTestId('CancelIcon'));
    await waitFor(() => expect(getList.mock.calls.at(-1)?.[1].filter).toEqual({}));
    expect(screen.queryByText('Invited, never signed in')).not.toBeInTheDocument();
  });

  it("'Login as' opens the connect route with the user id and a single-use token, not the session", async () => {
    const target = buildUser({ name: 'Impersonated' });
    const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const impersonate = vi.fn(async () => ({ user_id: String(target.id), token: 'single-use-token', expires_at: 'soon' }));
    const getList = vi.fn(async () => ({ data: [target], total: 1 }));
    const { user, location } = renderResource(userResource, '/user', { dataProvider: { getList, impersonate } });
    await user.click(within((await screen.findByText('Impersonated')).closest('tr') as HTMLElement).getByRole('button', { name: 'Login as' }));
    await waitFor(() => expect(tab.location.href).toBe(`http://localhost:8081/connect?user_id=${target.id}&token=single-use-token`));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();
    expect(impersonate).toHaveBeenCalledWith(target.id);
    expect(location()).toBe('/user');
  });

  it("closes the tab and shows the code when 'Login as' is refused", async () => {
    const target = buildUser({ name: 'Ghost' });
    const tab = { opener: {}, location: { href: 'about:blank' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderResource(userResource, '/user', {
      dataProvider: { getList: vi.fn(async () => ({ data: [target], total: 1 })), impersonate: vi.fn(async () => Promise.reject(new Error('NOT_FOUND'))) },
    });
    await user.click(within((await screen.findByText('Ghost')).closest('tr') as HTMLElement).getByRole('button', { name: 'Login as' }));
    expect(await screen.findByText('NOT_FOUND')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });

  it('builds the connect URL with encoded parameters', () => {
    expect(connectUrl('https://app.example.com', 'u1', 'a+b/c')).toBe('https://app.example.com/connect?user_id=u1&token=a%2Bb%2Fc');
  });
});

describe('/user/{id}', () => {
  it('moves the user to another company through the autocomplete, sending its name too', async () => {
    const from = buildCompany({ name: 'Ancienne Maison' });
    const to = buildCompany({ name: 'Nouvelle Maison' });
    const target = buildUser({ name: 'Mover', organisation_id: from.id, organisation_name: 'Ancienne Maison' });
    const update = vi.fn(async (_resource: string, params: { data: object }) => ({ data: { ...target, ...params.data } }));
    const { user } = renderResource(userResource, `/user/${target.id}`, {
      dataProvider: {
        getOne: vi.fn(async () => ({ data: target })),
        getMany: vi.fn(async () => ({ data: [from] })),
        getList: vi.fn(async (_resource: string, params: GetListParams) => ({
          data: [from, to].filter(
            (company) => !params.filter?.search || String(company.name).toLowerCase().includes(String(params.filter.search).toLowerCase()),
          ),
          total: 2,
        })),
        update,
      },
    });
    const organisation = await screen.findByRole('combobox', { name: 'Organisation' });
    await waitFor(() => expect(organisation).toHaveValue('Ancienne Maison'));
    await user.clear(organisation);
    await user.type(organisation, 'Nouv');
    await user.click(await screen.findByRole('option', { name: 'Nouvelle Maison' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'user',
        expect.objectContaining({ data: expect.objectContaining({ organisation_id: to.id, organisation_name: 'Nouvelle Maison' }) }),
      ),
    );
    expect(await screen.findByText('Updated!')).toBeInTheDocument();
  });

  it('deletes and returns to /user', async () => {
    const target = buildUser({ name: 'Doomed' });
    const deleteOne = vi.fn(async () => ({ data: target }));
    const { user, location } = renderResource(userResource, `/user/${target.id}`, {
      dataProvider: { getOne: vi.fn(async () => ({ data: target })), getList: vi.fn(async () => ({ data: [], total: 0 })), delete: deleteOne },
    });
    await screen.findByDisplayValue('Doomed');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(location()).toBe('/user'));
    expect(deleteOne).toHaveBeenCalledWith('user', expect.objectContaining({ id: target.id }));
  });
});
