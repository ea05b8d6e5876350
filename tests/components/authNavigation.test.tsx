import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthScreens } from '../../src/custom/auth/AuthScreens';
import { AuthShell } from '../../src/custom/auth/AuthShell';
import { HistoryNavigation, isAuthScreen } from '../../src/custom/auth/authNavigation';
import type { PasswordCalls } from '../../src/providers/passwordCalls';
import { fakeAuthProvider } from '../helpers/fakeProviders';

/** A page opened on a signed-out screen, as main.tsx mounts it: no router, the browser's history. */
function openOn(path: string, authProvider = fakeAuthProvider({}, false)) {
  window.history.replaceState(null, '', path);
  const onLeave = vi.fn();
  const passwordCalls: PasswordCalls = { forgotPassword: vi.fn(async () => undefined), resetPasswordFromLink: vi.fn(async () => ({ ok: true })) };
  render(
    <AuthShell services={{ authProvider, passwordCalls, prefetchConsole: vi.fn() }}>
      <HistoryNavigation onLeave={onLeave}>
        <AuthScreens />
      </HistoryNavigation>
    </AuthShell>,
  );
  return { onLeave, user: userEvent.setup() };
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the signed-out screens without the console’s router', () => {
  it('go to the forgot screen by its link, in the history, and back with the browser’s Back', async () => {
    const { user } = openOn('/auth');
    await user.click(await screen.findByRole('link', { name: 'Forgot password' }));
    expect(window.location.pathname).toBe('/auth/forgot');
    expect(await screen.findByRole('button', { name: 'Send recovery link' })).toBeInTheDocument();
    act(() => window.history.back());
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/auth');
  });

  it('hand the page to the console once signed in, on its address', async () => {
    const { user, onLeave } = openOn('/auth');
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onLeave).toHaveBeenCalled());
    expect(window.location.pathname).toBe('/');
  });

  it('send the older reset address to the new one, its query kept', async () => {
    openOn('/auth/reset-password?token=abc');
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/auth/reset?token=abc'));
    expect(await screen.findByLabelText('Nouveau mot de passe')).toBeInTheDocument();
  });

  it('know their addresses', () => {
    expect(['/auth', '/auth/', '/auth/forgot', '/auth/reset', '/auth/reset-password'].every(isAuthScreen)).toBe(true);
    expect(['/', '/company', '/auth/other', '/authx'].some(isAuthScreen)).toBe(false);
  });
});
