import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildAdmin } from '../helpers/builders';
import admins from '../../src/resources/admins';
import { ME } from '../helpers/fakeProviders';
import { renderResource } from '../helpers/renderScreen';

const renderEdit = (admin = buildAdmin({ name: 'Edith', email: 'edith@example.com' }), overrides = {}) => {
  const update = vi.fn(async (_resource: string, params: { data: object }) => ({ data: { ...admin, ...params.data } }));
  const deleteOne = vi.fn(async () => ({ data: admin }));
  const view = renderResource(admins, `/admin/${admin.id}`, {
    dataProvider: {
      getOne: vi.fn(async () => ({ data: admin })),
      getList: vi.fn(async () => ({ data: [admin], total: 1 })),
      update,
      delete: deleteOne,
      ...overrides,
    },
  });
  return { ...view, admin, update, deleteOne };
};

/** Delete, once the signed-in admin is known (it waits for that, to refuse one's own account). */
async function deleteButton() {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled());
  return screen.getByRole('button', { name: 'Delete' });
}

describe('/admin/{id}', () => {
  it('has the Information and Raw Data tabs; Raw Data pretty-prints the record with its _id', async () => {
    const { user, admin } = renderEdit();
    expect(await screen.findByDisplayValue('Edith')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Information' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Raw Data' }));
    const raw = screen.getByTestId('raw-data');
    expect(JSON.parse(raw.textContent ?? '')).toEqual({
      _id: admin.id,
      name: 'Edith',
      email: 'edith@example.com',
      role: 'owner',
      last_login_at: admin.last_login_at,
      created_at: admin.created_at,
      version: admin.version,
    });
    expect(raw.textContent).toContain('\n  "name": "Edith"');
  });

  it("updates name and email, then says 'Updated!'", async () => {
    const { user, update, admin } = renderEdit();
    const name = await screen.findByDisplayValue('Edith');
    await user.clear(name);
    await user.type(name, 'Edith Piaf');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'admin',
        expect.objectContaining({ id: admin.id, data: expect.objectContaining({ name: 'Edith Piaf', email: 'edith@example.com' }) }),
      ),
    );
    expect(await screen.findByText('Updated!')).toBeInTheDocument();
  });

  it("changes another admin's role", async () => {
    const { user, update, admin } = renderEdit(buildAdmin({ name: 'Edith', role: 'support' }));
    await screen.findByDisplayValue('Edith');
    const role = screen.getByRole('combobox', { name: /Role/ });
    expect(role).toHaveTextContent('Support');
    await user.click(role);
    await user.click(await screen.findByRole('option', { name: 'Operations' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith('admin', expect.objectContaining({ id: admin.id, data: expect.objectContaining({ role: 'operations' }) })),
    );
  });

  it('shows, not offers, their own role on their own record (the server refuses the change)', async () => {
    renderEdit(buildAdmin({ id: ME.id, name: 'Me', role: 'owner' }));
    await screen.findByDisplayValue('Me');
    const role = screen.getByRole('combobox', { name: /Role/ });
    expect(role).toHaveTextContent('Owner');
    expect(role).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Admins cannot change their own role.')).toBeInTheDocument();
  });

  it('shows the code when the update is refused', async () => {
    const { user } = renderEdit(undefined, { update: vi.fn(async () => Promise.reject(new Error('EMAIL_TAKEN'))) });
    const email = await screen.findByDisplayValue('edith@example.com');
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('EMAIL_TAKEN')).toBeInTheDocument();
  });

  it("deletes after 'Are you sure?', says 'Delete!' and returns to /admin", async () => {
    const { user, deleteOne, admin, location } = renderEdit();
    await screen.findByDisplayValue('Edith');
    await user.click(await deleteButton());
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(deleteOne).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(deleteOne).toHaveBeenCalledWith('admin', expect.objectContaining({ id: admin.id })));
    expect(await screen.findByText('Delete!')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin'));
  });

  it('cancelling the prompt deletes nothing', async () => {
    const { user, deleteOne } = renderEdit();
    await screen.findByDisplayValue('Edith');
    await user.click(await deleteButton());
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: /cancel/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleteOne).not.toHaveBeenCalled();
  });

  it("refuses to delete one's own account with 'Admins cannot delete their own accounts.'", async () => {
    const { user, deleteOne } = renderEdit(buildAdmin({ id: ME.id, name: 'Me Myself' }));
    await screen.findByDisplayValue('Me Myself');
    await user.click(await deleteButton());
    expect(await screen.findByText('Admins cannot delete their own accounts.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).not.toBeInTheDocument();
    expect(deleteOne).not.toHaveBeenCalled();
  });

  it('shows the load failure text and returns to the list', async () => {
    const { location } = renderEdit(undefined, { getOne: vi.fn(async () => Promise.reject(new Error("Error fetching admin's data."))) });
    expect(await screen.findByText("Error fetching admin's data.")).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin'));
  });
});
