import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../shared/catalogue/messages';
import { SIDEBAR_WIDTH_PX, darkTheme, lightTheme } from '../../src/custom/layout/theme';
import { createAuthProvider } from '../../src/providers/authProvider';
import { createHttpClient } from '../../src/providers/httpClient';
import { createSessionStore } from '../../src/providers/session';
import { buildAuditEvent, buildCompany } from '../helpers/builders';
import { fakeFetch } from '../helpers/fakeFetch';
import { fakeAuthProvider, meAsSessionUser } from '../helpers/fakeProviders';
import { renderApp } from '../helpers/renderApp';
import { navigation } from '../../src/resources';

/** The account button shows the admin's name once the identity is known; click that one. */
async function openAccountMenu(user: ReturnType<typeof renderApp>['user']) {
  await screen.findByText('Demo Admin');
  await user.click(screen.getByRole('button', { name: 'Demo Admin (Profile)' }));
}

describe('layout shell', () => {
  it("lists Dashboard, then every declared entry in order (the spec's, Admins to Messages, then Audit)", async () => {
    renderApp('/');
    const menu = await screen.findByRole('menu');
    // The entries come with the admin's permissions (an owner's: all of them).
    await within(menu).findByRole('menuitem', { name: 'Admins' });
    const links = within(menu).getAllByRole('menuitem');
    expect(links.map((link) => link.textContent)).toEqual(['Dashboard', ...navigation.map((entry) => entry.label)]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/', ...navigation.map((entry) => entry.to)]);
    const specLinks = ['/admin', '/user', '/company', '/offer', '/need', '/bank', '/message', '/audit'];
    expect(navigation.map((entry) => entry.to).filter((to) => specLinks.includes(to))).toEqual(specLinks);
  });

  it("opens the audit trail from 'Audit'", async () => {
    const getList = vi.fn(async (resource: string) =>
      resource === 'audit_event' ? { data: [buildAuditEvent({ admin_name: 'Edith' })], total: 1 } : { data: [], total: 0 },
    );
    const getDashboard = vi.fn(async () => ({
      counts: { admins: 1, users: 0, companies: 0, offers: 0, needs: 0, rooms: 0 },
      credit_in_circulation: 0,
      offers_by_domain: [],
      needs_by_domain: [],
      needs_by_urgency: [],
      needs_by_status: [],
      weeks: [],
      latest_rooms: [],
    }));
    const { user, location } = renderApp('/', { dataProvider: { getList, getDashboard } });
    await user.click(await screen.findByRole('menuitem', { name: 'Audit' }));
    await waitFor(() => expect(location()).toBe('/audit'));
    expect(await screen.findByText('Edith')).toBeInTheDocument();
  });

  it('matches Dashboard exactly: it is not the active link on /admin', async () => {
    renderApp('/admin', { dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })) } });
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Admins' })).toHaveClass('RaMenuItemLink-active'));
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).not.toHaveClass('RaMenuItemLink-active');
  });

  it('shows toasts at the top centre', async () => {
    renderApp('/admin', { dataProvider: { getList: vi.fn(async () => Promise.reject(new Error('Error fetching admins!'))) } });
    const toast = await screen.findByText('Error fetching admins!');
    expect(toast.closest('.MuiSnackbar-root')).toHaveClass('MuiSnackbar-anchorOriginTopCenter');
  });

  it('is 12rem wide on large screens', () => {
    expect(SIDEBAR_WIDTH_PX).toBe(12 * 16);
    expect(lightTheme.sidebar?.width).toBe(SIDEBAR_WIDTH_PX);
    expect(darkTheme.sidebar?.width).toBe(SIDEBAR_WIDTH_PX);
  });

  it("has 'My Account' to /account in the account menu", async () => {
    const { user, location } = renderApp('/');
    await openAccountMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: 'My Account' }));
    await waitFor(() => expect(location()).toBe('/account'));
  });

  it('opened while the database is away, says so and stays (no sign-in asked); Try again shows the page once it is back', async () => {
    const { fetch, calls } = fakeFetch(
      [503, { ok: false, code: 'DATABASE_UNAVAILABLE' }],
      [
        200,
        {
          ok: true,
          token: 'tok',
          user: meAsSessionUser(),
        },
      ],
    );
    const session = createSessionStore();
    const authProvider = createAuthProvider(createHttpClient({ baseUrl: 'http://api.test/api', token: session.token, fetch }), session, { error: vi.fn() });
    const { user, location } = renderApp('/admin', { authProvider, dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })) } });
    expect(await screen.findByText(messages.failure.databaseUnavailable)).toBeInTheDocument();
    expect(location()).toBe('/admin');
    await user.click(screen.getByRole('button', { name: messages.failure.tryAgain }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(location()).toBe('/admin');
    expect(calls.filter((call) => call.url.endsWith('/admin/signin_token'))).toHaveLength(2);
  });

  it("'Sign Out' logs out and replaces the location with /auth", async () => {
    const { user, location, authProvider } = renderApp('/admin', { dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })) } });
    await openAccountMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(authProvider.logout).toHaveBeenCalledTimes(1);
  });

  it("'Sign Out' when the session is already gone (logout answers 401) still signs out", async () => {
    const { fetch, calls } = fakeFetch([401, { ok: false, code: 'UNAUTHORIZED' }]);
    const session = createSessionStore();
    session.start('expired-token', meAsSessionUser());
    const authProvider = createAuthProvider(createHttpClient({ baseUrl: 'http://api.test/api', token: session.token, fetch }), session, { error: vi.fn() });
    const { user, location } = renderApp('/admin', { authProvider, dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })) } });
    await openAccountMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(location()).toBe('/auth'));
    // Once signed out, /auth may ask for a session again (GET signin_token); the logout was the one POST.
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['http://api.test/api/admin/logout']);
    expect(session.user()).toBeNull();
  });

  it("a failed 'Sign Out' changes nothing", async () => {
    const authProvider = fakeAuthProvider({ logout: vi.fn(async () => Promise.reject(new Error('Something went wrong'))) });
    const { user, location } = renderApp('/admin', { authProvider, dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })) } });
    await openAccountMenu(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(authProvider.logout).toHaveBeenCalled());
    expect(location()).toBe('/admin');
    expect(await screen.findByText('No data found')).toBeInTheDocument();
  });

  it('checks the session once, not again as each screen mounts (that re-check re-rendered the whole shell)', async () => {
    const authProvider = fakeAuthProvider();
    const getList = vi.fn(async (resource: string) => (resource === 'company' ? { data: [buildCompany({ name: 'Acme' })], total: 1 } : { data: [], total: 0 }));
    const { user, location } = renderApp('/company', { authProvider, dataProvider: { getList } });
    expect(await screen.findByText('Acme')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Admins' }));
    await waitFor(() => expect(location()).toBe('/admin'));
    await waitFor(() => expect(getList).toHaveBeenCalledWith('admin', expect.anything()));
    expect(authProvider.checkAuth).toHaveBeenCalledTimes(1);
  });
});
