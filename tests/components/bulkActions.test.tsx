import type { ReactElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { Datagrid, HttpError, List, TextField } from 'react-admin';
import { Route } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { BulkDeleteButton } from '../../src/custom/components/bulk/BulkDeleteButton';
import { BulkMoveUsersButton } from '../../src/custom/components/bulk/BulkMoveUsersButton';
import { BulkNeedStatusButton } from '../../src/custom/components/bulk/BulkNeedStatusButton';
import { renderRoutes } from '../helpers/renderScreen';

const rows = [
  { id: 'a1', name: 'Atelier Vide', version: 1 },
  { id: 'b2', name: 'Bureau Plein', version: 4 },
  { id: 'c3', name: 'Comptoir Vide', version: 2 },
];

const listOf = (resource: string, bulkActionButtons: ReactElement) => (
  <Route
    path={`/${resource}`}
    element={
      <List resource={resource} exporter={false}>
        <Datagrid bulkActionButtons={bulkActionButtons} rowClick={false}>
          <TextField source="name" />
        </Datagrid>
      </List>
    }
  />
);

const toastText = async () => (await screen.findByRole('alert')).textContent ?? '';

describe('bulk actions on a list selection', () => {
  it('deletes after a confirm that says how many, reports each refusal and keeps the refused row selected', async () => {
    const bulk = vi.fn(async () => [
      { id: 'a1', ok: true },
      { id: 'b2', ok: false, code: 'COMPANY_NOT_EMPTY', counts: { users: 2, offers: 0 } },
      { id: 'c3', ok: true },
    ]);
    const getList = vi.fn(async () => ({ data: rows, total: 3 }));
    const { user } = renderRoutes('/company', listOf('company', <BulkDeleteButton plural="companies" />), { dataProvider: { getList, bulk } });
    await screen.findByText('Bureau Plein');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete 3 companies?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    // Each row's version as the list shows it: a row changed since is refused, not deleted unseen.
    await waitFor(() => expect(bulk).toHaveBeenCalledWith('company', 'delete', ['a1', 'b2', 'c3'], { versions: { a1: 1, b2: 4, c3: 2 } }));
    expect(await toastText()).toBe('2 deleted, 1 refused — Bureau Plein: COMPANY_NOT_EMPTY (users 2)');
    await waitFor(() => expect(screen.getByText('1 item selected')).toBeInTheDocument());
    expect(getList.mock.calls.length).toBeGreaterThan(1);
  });

  it('deletes nothing when a row changed since the list was read, says so and reloads the list', async () => {
    const stale = new HttpError('STALE_RECORD', 409, { ok: false, code: 'STALE_RECORD', data: { b2: 5 } });
    const bulk = vi.fn(async () => Promise.reject(stale));
    const getList = vi.fn(async () => ({ data: rows, total: 3 }));
    const { user } = renderRoutes('/company', listOf('company', <BulkDeleteButton plural="companies" />), { dataProvider: { getList, bulk } });
    await screen.findByText('Bureau Plein');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete 3 companies?' })).getByRole('button', { name: 'Delete' }));
    expect(await toastText()).toBe('STALE_RECORD');
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(1));
  });

  it('cancelling the confirm deletes nothing', async () => {
    const bulk = vi.fn();
    const { user } = renderRoutes('/company', listOf('company', <BulkDeleteButton plural="companies" />), {
      dataProvider: { getList: async () => ({ data: rows, total: 3 }), bulk },
    });
    await screen.findByText('Atelier Vide');
    // The first checkbox selects all; the next one, the first row.
    await user.click(screen.getAllByRole('checkbox')[1] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete 1 companies?' })).getByRole('button', { name: 'Cancel' }));
    expect(bulk).not.toHaveBeenCalled();
  });

  it("sets the selected needs' status from a menu", async () => {
    const bulk = vi.fn(async () => [
      { id: 'a1', ok: true },
      { id: 'b2', ok: true },
    ]);
    const { user } = renderRoutes('/need', listOf('need', <BulkNeedStatusButton />), {
      dataProvider: { getList: async () => ({ data: rows.slice(0, 2), total: 2 }), bulk },
    });
    await screen.findByText('Atelier Vide');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Set status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'non dispo' }));
    await waitFor(() => expect(bulk).toHaveBeenCalledWith('need', 'status', ['a1', 'b2'], { status: 'non dispo', versions: { a1: 1, b2: 4 } }));
    expect(await toastText()).toBe('2 updated.');
  });

  it('moves the selected users to the company chosen by name', async () => {
    const bulk = vi.fn(async () => [{ id: 'a1', ok: true }]);
    const getList = vi.fn(async (resource: string) =>
      resource === 'company' ? { data: [{ id: 'co1', name: 'Maison Cible' }], total: 1 } : { data: rows.slice(0, 1), total: 1 },
    );
    const { user } = renderRoutes('/user', listOf('user', <BulkMoveUsersButton />), { dataProvider: { getList, bulk } });
    await screen.findByText('Atelier Vide');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Move to company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 1 users' });
    expect(within(dialog).getByRole('button', { name: 'Move' })).toBeDisabled();
    await user.type(within(dialog).getByRole('combobox', { name: 'Company' }), 'Cible');
    await user.click(await screen.findByRole('option', { name: 'Maison Cible' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(bulk).toHaveBeenCalledWith('user', 'move', ['a1'], { organisation_id: 'co1', versions: { a1: 1 } }));
    expect(await toastText()).toBe('1 moved.');
  });
});
