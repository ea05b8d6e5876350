import { render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { DashboardView } from '../../src/custom/dashboard/Dashboard';
import { createDataProvider } from '../../src/providers/dataProvider';
import { createHttpClient } from '../../src/providers/httpClient';
import { fakeFetch } from '../helpers/fakeFetch';
import { fakeAuthProvider, renderApp } from '../helpers/renderApp';

const dashboard = {
  counts: { admins: 3, users: 40, companies: 12, offers: 7, needs: 5, rooms: 2 },
  credit_in_circulation: 1250,
  offers_by_domain: [
    { domain: 'Mobilier', count: 4 },
    { domain: null, count: 3 },
  ],
  needs_by_domain: [{ domain: 'Expert IA', count: 5 }],
  needs_by_urgency: [
    { emergency: 'Maintenant', count: 3 },
    { emergency: "Pas d'urgence", count: 2 },
  ],
  credit_movements_per_week: [
    { week: '2026-11-09', credited: 300, debited: 0 },
    { week: '2026-11-16', credited: 120, debited: 45.5 },
  ],
};

describe('/ dashboard', () => {
  it('without an analytics URL: the native overview from the server figures', async () => {
    const getDashboard = vi.fn(async () => dashboard);
    renderApp('/', { dataProvider: { getDashboard } });
    expect(await screen.findByText('+1250 credit')).toBeInTheDocument();
    for (const figure of ['Companies: 12', 'Users: 40', 'Offers: 7', 'Needs: 5', 'Rooms: 2', 'Admins: 3', 'Credit in circulation: +1250 credit']) {
      expect(screen.getByRole('group', { name: figure })).toBeInTheDocument();
    }
    expect(screen.getByRole('figure', { name: 'Offers by domain' })).toBeInTheDocument();
    expect(within(screen.getByRole('figure', { name: 'Offers by domain' })).getByLabelText('Mobilier: 4')).toBeInTheDocument();
    expect(within(screen.getByRole('figure', { name: 'Offers by domain' })).getByLabelText('Sans domaine: 3')).toBeInTheDocument();
    expect(within(screen.getByRole('figure', { name: 'Needs by urgency' })).getByLabelText('Maintenant: 3')).toBeInTheDocument();
    expect(within(screen.getByRole('figure', { name: 'Needs by domain' })).getByLabelText('Expert IA: 5')).toBeInTheDocument();
  });

  it('charts the credit movements of each week, credited against debited, oldest first', async () => {
    renderApp('/', { dataProvider: { getDashboard: vi.fn(async () => dashboard) } });
    const chart = await screen.findByRole('figure', { name: 'Credit movements per week' });
    const weeks = within(chart).getAllByLabelText(/^Week of /);
    expect(weeks.map((week) => week.getAttribute('aria-label'))).toEqual([
      'Week of 09/11/2026: 300 credited, 0 debited',
      'Week of 16/11/2026: 120 credited, 45.5 debited',
    ]);
    expect(weeks[1]).toHaveTextContent('+120 / −45.5');
    // Both bars of every week share one scale: the largest movement of the period.
    const credited = within(weeks[1] as HTMLElement).getByRole('meter', { name: 'Credited' });
    const debited = within(weeks[1] as HTMLElement).getByRole('meter', { name: 'Debited' });
    expect([credited.getAttribute('aria-valuenow'), credited.getAttribute('aria-valuemax')]).toEqual(['120', '300']);
    expect([debited.getAttribute('aria-valuenow'), debited.getAttribute('aria-valuemax')]).toEqual(['45.5', '300']);
  });

  it('with an analytics URL: the full-height embed', () => {
    render(
      <AdminContext dataProvider={testDataProvider()}>
        <DashboardView analyticsUrl="https://analytics.example.com/public/board" />
      </AdminContext>,
    );
    expect(screen.getByTitle('Analytics')).toHaveAttribute('src', 'https://analytics.example.com/public/board');
  });
});

describe('/account', () => {
  it("titled 'Your Account': updates name and email, then 'Profile Updated successfully!'", async () => {
    const updateProfile = vi.fn(async (profile: { name: string; email: string }) => ({ _id: 'me', ...profile }));
    const { user } = renderApp('/account', { dataProvider: { updateProfile } });
    expect(await screen.findByRole('heading', { name: 'Your Account', level: 1 })).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name).toHaveValue('Demo Admin'));
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    await user.clear(name);
    await user.type(name, 'Demo Admin Renamed');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(updateProfile).toHaveBeenCalledWith({ name: 'Demo Admin Renamed', email: 'admin@example.com' }));
    expect(await screen.findByText('Profile Updated successfully!')).toBeInTheDocument();
  });

  it("'Reset password': each field has a reveal toggle, Reset waits for all three", async () => {
    const changePassword = vi.fn(async () => undefined);
    const { user } = renderApp('/account', { dataProvider: { changePassword } });
    await user.click(await screen.findByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset password' });
    const reset = within(dialog).getByRole('button', { name: 'Reset' });
    expect(within(dialog).getAllByRole('button', { name: 'Show password' })).toHaveLength(3);
    await user.type(within(dialog).getByLabelText('Current password'), 'old-pass-1');
    await user.type(within(dialog).getByLabelText('New password'), 'new-pass-2');
    expect(reset).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'new-pass-2');
    expect(reset).toBeEnabled();
    await user.click(within(dialog).getAllByRole('button', { name: 'Show password' })[1] as HTMLElement);
    expect(within(dialog).getByLabelText('New password')).toHaveAttribute('type', 'text');
    await user.click(reset);
    await waitFor(() => expect(changePassword).toHaveBeenCalledWith({ password: 'old-pass-1', newPassword: 'new-pass-2', verifyPassword: 'new-pass-2' }));
    expect(await screen.findByText('Password updated successfully!')).toBeInTheDocument();
  });

  it('Reset submits the password change only, never the profile form behind the modal', async () => {
    const updateProfile = vi.fn(async (profile: { name: string; email: string }) => ({ _id: 'me', ...profile }));
    const changePassword = vi.fn(async () => Promise.reject(new Error('WRONG_PASSWORD')));
    const { user } = renderApp('/account', { dataProvider: { updateProfile, changePassword } });
    const name = await screen.findByLabelText('Name');
    await waitFor(() => expect(name).toHaveValue('Demo Admin'));
    await user.clear(name);
    await user.type(name, 'Unsaved Name');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset password' });
    await user.type(within(dialog).getByLabelText('Current password'), 'wrong-pass-1');
    await user.type(within(dialog).getByLabelText('New password'), 'new-pass-2');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'new-pass-2{Enter}');
    await waitFor(() => expect(changePassword).toHaveBeenCalledTimes(1));
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findAllByText('WRONG_PASSWORD')).not.toHaveLength(0);
    await waitFor(() => expect(changePassword).toHaveBeenCalledTimes(2));
    expect(updateProfile).not.toHaveBeenCalled();
    expect(screen.queryByText('Profile Updated successfully!')).not.toBeInTheDocument();
  });

  it('shows the code of a refused change', async () => {
    const { user } = renderApp('/account', { dataProvider: { changePassword: vi.fn(async () => Promise.reject(new Error('WRONG_PASSWORD'))) } });
    await user.click(await screen.findByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset password' });
    await user.type(within(dialog).getByLabelText('Current password'), 'x');
    await user.type(within(dialog).getByLabelText('New password'), 'y');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'y');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('WRONG_PASSWORD')).toBeInTheDocument();
  });
});

const signedOut = () => fakeAuthProvider({}, false);

describe('/auth/forgot', () => {
  it("says 'Invalid email address' for a malformed address, still sends, then confirms", async () => {
    const forgotPassword = vi.fn(async () => undefined);
    const { user } = renderApp('/auth/forgot', { authProvider: signedOut(), dataProvider: { forgotPassword } });
    await user.type(await screen.findByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send recovery link' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    await waitFor(() => expect(forgotPassword).toHaveBeenCalledWith('not-an-address'));
    expect(await screen.findByText(/recovery link has been sent.*check your inbox/i)).toBeInTheDocument();
  });

  it('confirms even when the server refuses the malformed address it was sent', async () => {
    const { fetch, calls } = fakeFetch([400, { ok: false, code: 'VALIDATION_ERROR' }]);
    const { forgotPassword } = createDataProvider(createHttpClient({ baseUrl: 'http://api.test/api', token: () => null, fetch }));
    const { user } = renderApp('/auth/forgot', { authProvider: signedOut(), dataProvider: { forgotPassword } });
    await user.type(await screen.findByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send recovery link' }));
    expect(await screen.findByText(/recovery link has been sent.*check your inbox/i)).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(calls).toMatchObject([{ method: 'POST', url: 'http://api.test/api/admin/forgot_password', body: { email: 'not-an-address' } }]);
    expect(screen.queryByText('VALIDATION_ERROR')).not.toBeInTheDocument();
  });

  it('shows the code of any other refusal, and keeps the form', async () => {
    const { fetch } = fakeFetch([429, { ok: false, code: 'RATE_LIMITED' }]);
    const { forgotPassword } = createDataProvider(createHttpClient({ baseUrl: 'http://api.test/api', token: () => null, fetch }));
    const { user } = renderApp('/auth/forgot', { authProvider: signedOut(), dataProvider: { forgotPassword } });
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Send recovery link' }));
    expect(await screen.findByText('RATE_LIMITED')).toBeInTheDocument();
    expect(screen.queryByText(/recovery link has been sent/i)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send recovery link' })).toBeEnabled();
  });

  it('sends a well-formed address without complaint', async () => {
    const forgotPassword = vi.fn(async () => undefined);
    const { user } = renderApp('/auth/forgot', { authProvider: signedOut(), dataProvider: { forgotPassword } });
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
    await user.click(screen.getByRole('button', { name: 'Send recovery link' }));
    await waitFor(() => expect(forgotPassword).toHaveBeenCalledWith('admin@example.com'));
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
  });
});

describe('/auth/reset', () => {
  it("has the French title, field and hint; 'Créer' waits for a password", async () => {
    renderApp('/auth/reset?token=tok', { authProvider: signedOut() });
    expect(await screen.findByRole('heading', { name: 'Créer un nouveau mot de passe' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nouveau mot de passe')).toBeInTheDocument();
    expect(screen.getByText('Format : minimum 6 caractères, au moins une lettre')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Créer' })).toBeDisabled();
  });

  it("sends the token from the query, shows a spinner, then 'Success!' and /", async () => {
    let finish: (value: object) => void = () => undefined;
    const resetPasswordFromLink = vi.fn(() => new Promise<object>((resolve) => (finish = resolve)));
    let signedIn = false;
    const authProvider = fakeAuthProvider({
      checkAuth: vi.fn(async () => {
        if (!signedIn) throw { redirectTo: '/auth', message: false };
      }),
      startSession: vi.fn(() => (signedIn = true)),
    });
    const { user, location } = renderApp('/auth/reset?token=link-token', {
      authProvider,
      dataProvider: { resetPasswordFromLink, getDashboard: vi.fn(async () => dashboard) },
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

  it("shows 'Error' + newline + the code, and the form again", async () => {
    const { user, location } = renderApp('/auth/reset?token=used', {
      authProvider: signedOut(),
      dataProvider: { resetPasswordFromLink: vi.fn(async () => Promise.reject(new Error('INVALID_TOKEN'))) },
    });
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'nouveau-1');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText((_, element) => element?.textContent === 'Error\nINVALID_TOKEN' && element.children.length === 0)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Créer' })).toBeEnabled();
    expect(location()).toBe('/auth/reset?token=used');
  });

  it('/auth/reset-password leads to /auth/reset with the query kept', async () => {
    const { location } = renderApp('/auth/reset-password?token=abc', { authProvider: signedOut() });
    await waitFor(() => expect(location()).toBe('/auth/reset?token=abc'));
  });
});
