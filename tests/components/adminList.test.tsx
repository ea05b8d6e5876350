import { screen, waitFor, within } from '@testing-library/react';
import type { GetListParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { ROLES, ROLE_LABELS } from '../../shared/catalogue/permissions';
import { buildAdmin } from '../helpers/builders';
import admins from '../../src/resources/admins';
import { renderResource } from '../helpers/renderScreen';

function pagedAdmins(total: number) {
  const all = Array.from({ length: total }, (_, index) => buildAdmin({ name: `Admin #${index + 1}` }));
  return vi.fn(async (_resource: string, params: GetListParams) => {
    const page = params.pagination?.page ?? 1;
    const matching = params.filter?.search ? all.filter((admin) => String(admin.name).includes(params.filter.search)) : all;
    return { data: matching.slice((page - 1) * 10, page * 10), total: matching.length };
  });
}

describe('/admin list', () => {
  it('shows name, email and the first 10 characters of the last login, 10 a page', async () => {
    const getList = pagedAdmins(25);
    renderResource(admins, '/admin', { dataProvider: { getList } });
    expect(await screen.findByText('Admin #1')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Email' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Last login' })).toBeInTheDocument();
    expect(screen.getAllByText('2026-11-20')).toHaveLength(10);
    expect(getList).toHaveBeenCalledWith('admin', expect.objectContaining({ pagination: { page: 1, perPage: 10 } }));
  });

  it("shows each admin's role", async () => {
    const getList = vi.fn(async () => ({ data: ROLES.map((role) => buildAdmin({ name: `The ${role}`, role })), total: ROLES.length }));
    renderResource(admins, '/admin', { dataProvider: { getList } });
    expect(await screen.findByText('The owner')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Role' })).toBeInTheDocument();
    for (const role of ROLES) expect(within(screen.getByText(`The ${role}`).closest('tr') as HTMLElement).getByText(ROLE_LABELS[role])).toBeInTheDocument();
  });

  it('pages with previous/next, disabled at the bounds, showing page / total pages', async () => {
    const getList = pagedAdmins(25);
    const { user } = renderResource(admins, '/admin', { dataProvider: { getList } });
    await screen.findByText('Admin #1');
    expect(screen.getByLabelText('Current page')).toHaveTextContent('1 / 3');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Admin #11')).toBeInTheDocument();
    expect(screen.getByLabelText('Current page')).toHaveTextContent('2 / 3');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Admin #21')).toBeInTheDocument();
    expect(screen.getByLabelText('Current page')).toHaveTextContent('3 / 3');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it("says '≈' when the server estimated a large total instead of counting it", async () => {
    const rows = Array.from({ length: 10 }, (_, index) => buildAdmin({ name: `Admin #${index + 1}` }));
    const estimated = vi.fn(async () => ({ data: rows, total: 39_995, meta: { totalIsEstimate: true } }));
    renderResource(admins, '/admin', { dataProvider: { getList: estimated } });
    await screen.findByText('Admin #1');
    expect(screen.getByLabelText('Current page')).toHaveTextContent('1 / ≈4 000');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
  });

  it('a search returns to page 1', async () => {
    const getList = pagedAdmins(25);
    const { user } = renderResource(admins, '/admin', { dataProvider: { getList } });
    await screen.findByText('Admin #1');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Admin #11');
    await user.type(screen.getByPlaceholderText('Search'), 'Admin #2');
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith('admin', expect.objectContaining({ filter: { search: 'Admin #2' }, pagination: { page: 1, perPage: 10 } })),
    );
    expect(await screen.findByText('Admin #20')).toBeInTheDocument();
    expect(screen.getByLabelText('Current page')).toHaveTextContent('1 / 1');
  });

  it("says 'No data found' when there is nothing", async () => {
    renderResource(admins, '/admin', { dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })) } });
    expect(await screen.findByText('No data found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('shows the load failure text', async () => {
    renderResource(admins, '/admin', { dataProvider: { getList: vi.fn(async () => Promise.reject(new Error('Error fetching admins!'))) } });
    expect(await screen.findByText('Error fetching admins!')).toBeInTheDocument();
  });

  it('opens /admin/{id} on a row click', async () => {
    const admin = buildAdmin({ name: 'Clickable' });
    const { user, location } = renderResource(admins, '/admin', {
      dataProvider: { getList: vi.fn(async () => ({ data: [admin], total: 1 })), getOne: vi.fn(async () => ({ data: admin })) },
    });
    await user.click(await screen.findByText('Clickable'));
    await waitFor(() => expect(location()).toBe(`/admin/${admin.id}`));
  });
});

describe('create new administrator modal', () => {
  const openModal = async () => {
    const created = buildAdmin({ name: 'Grace', email: 'grace@example.com' });
    const create = vi.fn(async () => ({ data: created }));
    const view = renderResource(admins, '/admin', {
      dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })), create, getOne: vi.fn(async () => ({ data: created })) },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create new administrator' });
    return { ...view, create, created, dialog };
  };

  it('keeps Create disabled until name and email are both filled', async () => {
    const { user, dialog } = await openModal();
    const createButton = within(dialog).getByRole('button', { name: 'Create' });
    expect(createButton).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Name/), 'Grace');
    expect(createButton).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Email/), 'grace@example.com');
    expect(createButton).toBeEnabled();
    await user.clear(within(dialog).getByLabelText(/Name/));
    expect(createButton).toBeDisabled();
  });

  it('chooses the role among every role, Support unless changed', async () => {
    const { user, dialog, create } = await openModal();
    const role = within(dialog).getByRole('combobox', { name: /Role/ });
    expect(role).toHaveTextContent('Support');
    await user.click(role);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(ROLES.map((name) => ROLE_LABELS[name]));
    await user.click(screen.getByRole('option', { name: 'Finance' }));
    await user.type(within(dialog).getByLabelText(/Name/), 'Grace');
    await user.type(within(dialog).getByLabelText(/Email/), 'grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith('admin', expect.objectContaining({ data: { name: 'Grace', email: 'grace@example.com', role: 'finance' } })),
    );
  });

  it("creates, says 'Admin created successfully!' and opens /admin/{id}", async () => {
    const { user, dialog, create, created, location } = await openModal();
    await user.type(within(dialog).getByLabelText(/Name/), 'Grace');
    await user.type(within(dialog).getByLabelText(/Email/), 'grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith('admin', expect.objectContaining({ data: { name: 'Grace', email: 'grace@example.com', role: 'support' } })),
    );
    expect(await screen.findByText('Admin created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe(`/admin/${created.id}`));
  });

  it('shows the server code when creating fails', async () => {
    const create = vi.fn(async () => Promise.reject(new Error('EMAIL_TAKEN')));
    const { user } = renderResource(admins, '/admin', { dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })), create } });
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Name/), 'Grace');
    await user.type(within(dialog).getByLabelText(/Email/), 'grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('EMAIL_TAKEN')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows Export when the server exports the list, and none when its declaration says it does not', async () => {
    const getList = vi.fn(async () => ({ data: [buildAdmin()], total: 1 }));
    const first = renderResource(admins, '/admin', { dataProvider: { getList } });
    expect(await screen.findByRole('button', { name: 'Export' })).toBeInTheDocument();
    first.unmount();
    admins.api.exports = false;
    try {
      renderResource(admins, '/admin', { dataProvider: { getList } });
      await screen.findByRole('button', { name: 'Create' });
      expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    } finally {
      delete admins.api.exports;
    }
  });
});
