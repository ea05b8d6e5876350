import { navigation } from '../../src/resources';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GetListParams } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { QuickFind } from '../../src/custom/quickFind/QuickFind';
import { quickFindSources } from '../../src/custom/quickFind/quickFindSources';
import { buildCompany, buildUser } from '../helpers/builders';
import { fakeAuthProvider } from '../helpers/fakeProviders';
import { renderPage } from '../helpers/renderScreen';

const nina = buildUser({ name: 'Nina Invitee', email: 'nina@example.com', organisation_name: 'Atelier Lumière' });
const atelier = buildCompany({ name: 'Atelier Lumière', siret: '12345678901234', city: 'Lyon' });

/** Each list's search: users match by e-mail, companies by SIRET, the others find nothing. */
function searches() {
  return vi.fn(async (resource: string, params: GetListParams) => {
    const search = String(params.filter?.search ?? '');
    if (resource === 'user' && nina.email.includes(search)) return { data: [nina], total: 1 };
    if (resource === 'company' && String(atelier.siret).includes(search)) return { data: [atelier], total: 1 };
    if (resource === 'offer') throw new Error('offline');
    return { data: [], total: 0 };
  });
}

const pressCtrlK = () => fireEvent.keyDown(window, { key: 'k', ctrlKey: true });

describe('quick find (Ctrl-K)', () => {
  it('opens with Ctrl-K, searches every list at once and opens the chosen user with Enter', async () => {
    const getList = searches();
    const { user, location } = renderPage(QuickFind, '/', { dataProvider: { getList } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    pressCtrlK();
    const dialog = await screen.findByRole('dialog', { name: 'Quick find' });
    const input = within(dialog).getByRole('combobox', { name: 'Quick find' });
    await waitFor(() => expect(input).toHaveFocus());

    await user.type(input, 'nina@example');
    const option = await within(dialog).findByRole('option', { name: /Nina Invitee/ });
    expect(option).toHaveTextContent('nina@example.com · Atelier Lumière');
    expect(within(dialog).getByText('Users')).toBeInTheDocument();
    // Each source's own search ran with the typed text, a few rows each.
    expect(quickFindSources.length).toBeGreaterThan(1);
    for (const { resource } of quickFindSources) {
      expect(getList).toHaveBeenCalledWith(resource, expect.objectContaining({ filter: { search: 'nina@example' }, pagination: { page: 1, perPage: 5 } }));
    }
    // One source failing leaves the others and says so.
    expect(within(dialog).getByText('Some lists could not be searched.')).toBeInTheDocument();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe(`/user/${nina.id}`));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('finds a company by SIRET and reaches the menu screens by name, arrows then Enter', async () => {
    const { user, location } = renderPage(QuickFind, '/', { dataProvider: { getList: searches() } });
    await user.click(screen.getByRole('button', { name: 'Quick find' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quick find' });
    const input = within(dialog).getByRole('combobox', { name: 'Quick find' });
    await user.type(input, '5678901');
    expect(await within(dialog).findByRole('option', { name: /Atelier Lumière/ })).toHaveTextContent('12345678901234 · Lyon');

    // One character searches no record, only the screens: Dashboard, Admins, Companies, Bank… the first highlighted.
    await user.clear(input);
    await user.type(input, 'a');
    await waitFor(() => expect(within(dialog).queryByRole('option', { name: /Atelier Lumière/ })).not.toBeInTheDocument());
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Dashboard', ...navigation.map((entry) => entry.label).filter((label) => /a/i.test(label)), 'My Account']);
    expect(navigation.map((entry) => entry.label)).toEqual(expect.arrayContaining(['Admins', 'Companies', 'Bank', 'Messages', 'Audit']));
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(location()).toBe('/admin'));
  });

  it('waits for two characters before searching records, and Escape closes', async () => {
    const getList = searches();
    const { user } = renderPage(QuickFind, '/', { dataProvider: { getList } });
    pressCtrlK();
    const dialog = await screen.findByRole('dialog', { name: 'Quick find' });
    await user.type(within(dialog).getByRole('combobox'), 'x');
    expect(await within(dialog).findByText('Type at least 2 characters to search records')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(getList).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('searches, and offers the screens of, only what the admin may list', async () => {
    const getList = searches();
    const authProvider = fakeAuthProvider({
      canAccess: vi.fn(async ({ resource }: { resource: string }) => resource !== 'admin' && resource !== 'audit_event'),
    });
    const { user } = renderPage(QuickFind, '/', { dataProvider: { getList }, authProvider });
    pressCtrlK();
    const dialog = await screen.findByRole('dialog', { name: 'Quick find' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Quick find' }), 'nina@example');
    expect(await within(dialog).findByRole('option', { name: /Nina Invitee/ })).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('user', expect.anything());
    expect(getList).not.toHaveBeenCalledWith('admin', expect.anything());
    await user.clear(within(dialog).getByRole('combobox', { name: 'Quick find' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Quick find' }), 'a');
    const screens = await within(dialog).findAllByRole('option');
    expect(screens.map((option) => option.textContent)).toContain('Companies');
    expect(screens.map((option) => option.textContent)).not.toContain('Admins');
    expect(screens.map((option) => option.textContent)).not.toContain('Audit');
  });

  it('shows every source’s first five results in the dialog itself, then a “see all” opening the list filtered by the query', async () => {
    const many = Array.from({ length: 8 }, (_, index) => buildCompany({ name: `Boréal ${index + 1}`, siret: null, city: null }));
    const getList = vi.fn(async (resource: string, params: GetListParams) =>
      resource === 'company' ? { data: many.slice(0, params.pagination?.perPage ?? 5), total: many.length } : { data: [], total: 0 },
    );
    const { user, location } = renderPage(QuickFind, '/', { dataProvider: { getList } });
    pressCtrlK();
    const dialog = await screen.findByRole('dialog', { name: 'Quick find' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Quick find' }), 'boreal');
    const seeAll = await within(dialog).findByRole('option', { name: 'See all 8 companies' });
    const listbox = within(dialog).getByRole('listbox');
    // In the dialog's flow (the dialog grows with them), not in a popper over it.
    expect(listbox.closest('.MuiPopper-root')).toBeNull();
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent?.replace(/\s+/g, ' ').trim()),
    ).toEqual(['Boréal 1', 'Boréal 2', 'Boréal 3', 'Boréal 4', 'Boréal 5', 'See all 8 companies']);
    await user.click(seeAll);
    await waitFor(() => expect(location()).toBe(`/company?filter=${encodeURIComponent(JSON.stringify({ search: 'boreal' }))}`));
  });
});
