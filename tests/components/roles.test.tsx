import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ROLES, ROLE_LABELS, may, type Resource, type Role } from '../../shared/catalogue/permissions';
import { BankPage } from '../../src/custom/bank/BankPage';
import { navigation } from '../../src/resources';
import companies from '../../src/resources/companies';
import offerResource from '../../src/resources/offers';
import rooms from '../../src/resources/messages';
import userResource from '../../src/resources/users';
import { buildCompany, buildOffer, buildUser } from '../helpers/builders';
import { ME, fakeAuthProvider, signedInAs } from '../helpers/fakeProviders';
import { renderApp } from '../helpers/renderApp';
import { renderPage, renderResource } from '../helpers/renderScreen';
import { buildRoom } from '../helpers/rooms';

/** What each role sees is generated from the permission table, never listed by hand: a change there changes the tests. */
const as = (role: Role) => ({ authProvider: fakeAuthProvider(signedInAs(role)) });

/** Once the screen has asked whether the admin may do `action` on `resource`, and drawn the answer: then a part not shown never will be. */
async function answered({ authProvider }: ReturnType<typeof as>, resource: Resource, action: string) {
  await waitFor(() => expect(authProvider.canAccess).toHaveBeenCalledWith(expect.objectContaining({ resource, action })));
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}
const shown = (element: HTMLElement | null) => element !== null;
const button = (name: string) => screen.queryByRole('button', { name });

const company = buildCompany({
  name: 'Atelier Azur',
  comments: [{ _id: 'e'.repeat(24), user_name: 'Ada', author_id: ME.id, text: 'Bon client', created_at: '2026-11-01T10:00:00.000Z' }],
});
const companyData = {
  getOne: vi.fn(async () => ({ data: company })),
  getList: vi.fn(async () => ({ data: [company], total: 1 })),
  getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
};

describe.each(ROLES)("a %s admin's screens", (role) => {
  it("has the companies list's Create, Export and row selection as the role may", async () => {
    const admin = as(role);
    renderResource(companies, '/company', { ...admin, dataProvider: companyData });
    await screen.findByText('Atelier Azur');
    for (const action of ['export', 'create', 'bulk']) await answered(admin, 'company', action);
    expect(shown(button('Export'))).toBe(may(role, 'company', 'export'));
    expect(shown(button('Create'))).toBe(may(role, 'company', 'create'));
    expect(shown(screen.queryByRole('checkbox', { name: 'Select all' }))).toBe(may(role, 'company', 'bulk'));
  });

  it("has 'Login as' on the users list as the role may impersonate", async () => {
    const admin = as(role);
    renderResource(userResource, '/user', {
      ...admin,
      dataProvider: { getList: vi.fn(async () => ({ data: [buildUser({ name: 'Nina Blanc' })], total: 1 })) },
    });
    await screen.findByText('Nina Blanc');
    await answered(admin, 'user', 'impersonate');
    expect(shown(button('Login as'))).toBe(may(role, 'user', 'impersonate'));
    expect(shown(screen.queryByRole('columnheader', { name: 'Action' }))).toBe(may(role, 'user', 'impersonate'));
  });

  it("reads a company's page, editing and deleting it, and its History, as the role may", async () => {
    const admin = as(role);
    renderResource(companies, `/company/${company.id}`, { ...admin, dataProvider: companyData });
    await screen.findByRole('heading', { name: 'Atelier Azur' });
    await answered(admin, 'company', 'edit');
    const update = may(role, 'company', 'update');
    // A role that may update has the form; one that may not reads the company as text, with nothing to type into.
    expect(shown(screen.queryByDisplayValue('Atelier Azur'))).toBe(update);
    expect(screen.queryAllByRole('textbox').length > 0).toBe(update);
    expect(shown(button('Update'))).toBe(update);
    expect(shown(button('Delete'))).toBe(may(role, 'company', 'delete'));
    expect(shown(screen.queryByRole('tab', { name: 'History' }))).toBe(may(role, 'audit_event', 'list'));
  });

  it("reads an offer's page with its own inputs (images, organisation, selects) only if the role may update it, as text otherwise", async () => {
    const offer = buildOffer({ title: 'Salon 2027', images: ['http://x.test/1.png'] });
    const admin = as(role);
    renderResource(offerResource, `/offer/${offer.id}`, {
      ...admin,
      dataProvider: {
        getOne: vi.fn(async () => ({ data: offer })),
        getList: vi.fn(async () => ({ data: [], total: 0 })),
        getMany: vi.fn(async () => ({ data: [] })),
      },
    });
    await screen.findByRole('tab', { name: 'Raw Data' });
    await answered(admin, 'offer', 'edit');
    const update = may(role, 'offer', 'update');
    await waitFor(() => expect(shown(screen.queryByDisplayValue('Salon 2027'))).toBe(update));
    expect(shown(screen.queryByText('Salon 2027'))).toBe(!update);
    expect(shown(button('Add image'))).toBe(update);
    expect(shown(button('Actions for Image 1'))).toBe(update);
    expect(shown(screen.queryByRole('combobox', { name: 'Organisation' }))).toBe(update);
    expect(shown(screen.queryByRole('combobox', { name: 'Unit' }))).toBe(update);
    expect(shown(button('Update'))).toBe(update);
    expect(shown(button('Delete'))).toBe(may(role, 'offer', 'delete'));
  });

  it("offers the company registry's lookup on a company's page only to a role that may update it", async () => {
    const admin = as(role);
    renderResource(companies, `/company/${company.id}`, { ...admin, dataProvider: companyData });
    await screen.findByRole('heading', { name: 'Atelier Azur' });
    await answered(admin, 'company', 'edit');
    expect(shown(screen.queryByRole('combobox', { name: 'Search the company registry' }))).toBe(may(role, 'company', 'update'));
    expect(shown(button('Upload'))).toBe(may(role, 'company', 'update'));
  });

  it('comments on a company and invites its users as the role may', async () => {
    const admin = as(role);
    const { user } = renderResource(companies, `/company/${company.id}/comments`, { ...admin, dataProvider: companyData });
    await screen.findByText('Bon client');
    expect(shown(button('Add comment'))).toBe(may(role, 'company', 'comment'));
    expect(shown(button('Delete'))).toBe(may(role, 'company', 'comment'));
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    await screen.findByRole('link', { name: 'Open in Users' });
    await answered(admin, 'user', 'create');
    expect(shown(button('Invite user'))).toBe(may(role, 'user', 'create'));
  });

  it('writes in a room as the role may', async () => {
    const room = buildRoom();
    const admin = as(role);
    renderResource(rooms, `/message/${room._id}`, { ...admin, dataProvider: { getRoom: vi.fn(async () => ({ room, messages: [], has_more: false })) } });
    await screen.findByRole('heading', { name: room.offer_title, level: 2 });
    await answered(admin, 'message', 'create');
    expect(shown(screen.queryByRole('textbox', { name: 'Message' }))).toBe(may(role, 'message', 'create'));
  });

  it('adds and deletes category images on the Bank as the role may', async () => {
    const searchCategoryImages = vi.fn(async () => [{ id: 'i1', activity_domain: 'Mobilier', image_url: 'http://x.test/m.png' }]);
    const admin = as(role);
    renderPage(BankPage, '/bank', { ...admin, dataProvider: { searchCategoryImages } });
    await screen.findByText('Mobilier');
    for (const action of ['create', 'delete']) await answered(admin, 'category_image', action);
    expect(shown(button('Delete image of Mobilier'))).toBe(may(role, 'category_image', 'delete'));
    expect(shown(button('Add image'))).toBe(may(role, 'category_image', 'create'));
  });
});

// After the screens: the whole app fetches every screen's code when idle, which a screen's test must not meet halfway.
describe.each(ROLES)("a %s admin's shell", (role) => {
  it('has the menu entries of what the role may list, and no other', async () => {
    const expected = navigation.filter((entry) => may(role, entry.resource as Resource, 'list')).map((entry) => entry.label);
    renderApp('/admin', { ...as(role), dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })) } });
    const menu = await screen.findByRole('navigation', { name: 'Main' });
    await within(menu).findByRole('menuitem', { name: expected[0] });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', ...expected]);
  });

  it('sees their role in the account menu', async () => {
    const { user } = renderApp('/admin', { ...as(role), dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })) } });
    await user.click(await screen.findByRole('button', { name: 'Demo Admin (Profile)' }));
    expect(await screen.findByRole('menuitem', { name: `Role: ${ROLE_LABELS[role]}` })).toBeInTheDocument();
  });
});

describe('a route the admin may not open', () => {
  it('shows the access-denied page on a page the role may not list (a support admin at /audit), with no menu entry to it', async () => {
    expect(may('support', 'audit_event', 'list')).toBe(false);
    const getList = vi.fn(async () => ({ data: [], total: 0 }));
    renderApp('/audit', { ...as('support'), dataProvider: { getList } });
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
    expect(screen.getByText("You don't have the right permissions to access this page")).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('menuitem', { name: 'Audit' })).not.toBeInTheDocument();
    expect(getList).not.toHaveBeenCalledWith('audit_event', expect.anything());
  });

  it("sends a list the admin may not list to react-admin's /access-denied", async () => {
    const authProvider = fakeAuthProvider({ canAccess: vi.fn(async ({ resource }: { resource: string }) => resource !== 'company') });
    const { location } = renderApp('/company', { authProvider, dataProvider: companyData });
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
    expect(location()).toBe('/access-denied');
  });

  it("hides the comment form and the comments' Delete from an admin who may not comment", async () => {
    const authProvider = fakeAuthProvider({ canAccess: vi.fn(async ({ action }: { action: string }) => action !== 'comment') });
    renderResource(companies, `/company/${company.id}/comments`, { authProvider, dataProvider: companyData });
    await screen.findByText('Bon client');
    expect(button('Add comment')).not.toBeInTheDocument();
    expect(button('Delete')).not.toBeInTheDocument();
  });

  it('shows the access-denied page on a record the admin may not read, without reading it', async () => {
    const authProvider = fakeAuthProvider({ canAccess: vi.fn(async ({ action }: { action: string }) => action !== 'show') });
    const getOne = vi.fn(async () => ({ data: company }));
    renderApp(`/company/${company.id}`, { authProvider, dataProvider: { ...companyData, getOne } });
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
    expect(getOne).not.toHaveBeenCalled();
  });

  it("shows the access-denied page on a resource's own page (a room) the admin may not read", async () => {
    const room = buildRoom();
    const authProvider = fakeAuthProvider({ canAccess: vi.fn(async ({ action }: { action: string }) => action !== 'show') });
    const getRoom = vi.fn(async () => ({ room, messages: [], has_more: false }));
    renderApp(`/message/${room._id}`, { authProvider, dataProvider: { getRoom } });
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
    expect(getRoom).not.toHaveBeenCalled();
  });
});
