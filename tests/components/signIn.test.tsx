import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiBody } from '../../src/providers/httpClient';
import { fakeAuthProvider } from '../helpers/fakeProviders';
import { renderApp } from '../helpers/renderApp';

const signedOut = () => fakeAuthProvider({}, false);

describe('/auth', () => {
  it('keeps the button disabled until email and password are both filled', async () => {
    const { user } = renderApp('/auth', { authProvider: signedOut() });
    const button = await screen.findByRole('button', { name: 'Sign in' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'pw');
    expect(button).toBeEnabled();
    await user.clear(screen.getByLabelText('Email'));
    expect(button).toBeDisabled();
  });

  it("fetches the console's code as soon as the admin types, not before", async () => {
    const { user, prefetchConsole } = renderApp('/auth', { authProvider: signedOut() });
    const email = await screen.findByLabelText('Email');
    expect(prefetchConsole).not.toHaveBeenCalled();
    await user.type(email, 'a');
    expect(prefetchConsole).toHaveBeenCalled();
  });

  it('shows and hides the password', async () => {
    const { user } = renderApp('/auth', { authProvider: signedOut() });
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it("links 'forgot password' to /auth/forgot", async () => {
    renderApp('/auth', { authProvider: signedOut() });
    expect(await screen.findByRole('link', { name: /forgot password/i })).toHaveAttribute('href', '/auth/forgot');
  });

  it('holds the whole form in the main landmark, titled by its one h1', async () => {
    renderApp('/auth', { authProvider: signedOut() });
    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('signs in and enters the console', async () => {
    let signedIn = false;
    const authProvider = fakeAuthProvider({
      login: vi.fn(async () => {
        signedIn = true;
      }),
      checkAuth: vi.fn(async () => {
        if (!signedIn) throw { redirectTo: '/auth', message: false };
      }),
    });
    const { user, location } = renderApp('/auth', { authProvider, dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })) } });
    await user.type(await screen.findByLabelText('Email'), ' admin@example.com ');
    await user.type(screen.getByLabelText('Password'), 'demo-admin-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(authProvider.login).toHaveBeenCalledWith({ email: 'admin@example.com', password: 'demo-admin-1' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(authProvider.logout).not.toHaveBeenCalled();
  });

  it('shows the server code when sign-in fails and stays', async () => {
    const authProvider = fakeAuthProvider({ login: vi.fn(async () => Promise.reject(new Error('INVALID_CREDENTIALS'))) }, false);
    const { user, location } = renderApp('/auth', { authProvider });
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('INVALID_CREDENTIALS')).toBeInTheDocument();
    expect(location()).toBe('/auth');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('sends an admin who is already signed in to /', async () => {
    const { location } = renderApp('/auth');
    await waitFor(() => expect(location()).toBe('/'));
  });
});

describe('protected routes', () => {
  it('show a loader until the start-up session check ends', async () => {
    let finishCheck: () => void = () => undefined;
    const authProvider = fakeAuthProvider({ checkAuth: vi.fn(() => new Promise<void>((resolve) => (finishCheck = resolve))) });
    renderApp('/admin', { authProvider, dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })) } });
    expect(await screen.findByText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('No data found')).not.toBeInTheDocument();
    finishCheck();
    expect(await screen.findByText('No data found')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it.each(['/', '/admin', '/admin/abc', '/user', '/company', '/offer', '/need', '/bank', '/message', '/account'])(
    '%s redirects to /auth when signed out',
    async (path) => {
      const { location } = renderApp(path, { authProvider: signedOut() });
      await waitFor(() => expect(location()).toBe('/auth'));
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    },
  );
});

/** What the dashboard shows once a reset link has signed the admin in. */
const dashboard = {
  counts: { admins: 1, users: 0, companies: 0, offers: 0, needs: 0, rooms: 0 },
  credit_in_circulation: 0,
  offers_by_domain: [],
  needs_by_domain: [],
  needs_by_urgency: [],
  needs_by_status: [],
  weeks: [],
  latest_rooms: [],
};

describe('reset-password links', () => {
  it("sends the token from the query, shows a spinner, then 'Success!' and /", async () => {
    let finish: (value: ApiBody) => void = () => undefined;
    const resetPasswordFromLink = vi.fn(() => new Promise<ApiBody>((resolve) => (finish = resolve)));
    let signedIn = false;
    const authProvider = fakeAuthProvider({
      checkAuth: vi.fn(async () => {
        if (!signedIn) throw { redirectTo: '/auth', message: false };
      }),
      startSession: vi.fn(() => (signedIn = true)),
    });
    const { user, location } = renderApp('/auth/reset?token=link-token', {
      authProvider,
      passwordCalls: { resetPasswordFromLink },
      dataProvider: { getDashboard: vi.fn(async () => dashboard) },
    });
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'nouveau-1');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByLabelText('Loading')).toBeInTheDocument();
    expect(resetPasswordFromLink).toHaveBeenCalledWith('nouveau-1', 'link-token');
    finish({ ok: true, token: 't', user: { _id: 'me', name: 'Demo Admin', email: 'admin@example.com' } });
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/'));
    expect(authProvider.startSession).toHaveBeenCalledWith(expect.objectContaining({ token: 't' }));
  });

  it('/auth/reset-password leads to /auth/reset with the query kept', async () => {
    const { location } = renderApp('/auth/reset-password?token=abc', { authProvider: signedOut() });
    await waitFor(() => expect(location()).toBe('/auth/reset?token=abc'));
  });
});
