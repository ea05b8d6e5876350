import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountPage } from '../../src/custom/account/AccountPage';
import { fakeAuthProvider } from '../helpers/fakeProviders';
import { renderApp } from '../helpers/renderApp';
import { renderPage } from '../helpers/renderScreen';

const CODES = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);

/** The sign-in page, the e-mail and password typed and sent. */
async function passwordStep(
  authProvider: ReturnType<typeof fakeAuthProvider>,
  dataProvider: Record<string, (...args: never[]) => Promise<unknown>> = { getList: vi.fn(async () => ({ data: [], total: 0 })) },
) {
  const rendered = renderApp('/auth', { authProvider, dataProvider });
  await rendered.user.type(await screen.findByLabelText('Email'), 'admin@example.com');
  await rendered.user.type(screen.getByLabelText('Password'), 'demo-admin-1');
  await rendered.user.click(screen.getByRole('button', { name: 'Sign in' }));
  return rendered;
}

describe('the sign-in’s second step', () => {
  it('asks for the code when the server says MFA_REQUIRED, then enters the console', async () => {
    let signedIn = false;
    const authProvider = fakeAuthProvider({
      login: vi.fn(async () => ({ mfaToken: 'the-mfa-token', methods: ['totp' as const] })),
      loginWithCode: vi.fn(async () => {
        signedIn = true;
      }),
      checkAuth: vi.fn(async () => {
        if (!signedIn) throw { redirectTo: '/auth', message: false };
      }),
    });
    const { user, location } = await passwordStep(authProvider);
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.getByRole('heading', { name: 'Two-factor authentication', level: 1 })).toBeInTheDocument();
    expect(location()).toBe('/auth');
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    await user.type(code, ' 123456 ');
    await user.click(verify);
    await waitFor(() => expect(authProvider.loginWithCode).toHaveBeenCalledWith({ mfaToken: 'the-mfa-token', code: '123456' }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('shows a wrong code’s refusal and stays on the code; an expired token goes back to the password', async () => {
    const loginWithCode = vi.fn(async () => Promise.reject(new Error('INVALID_CODE')));
    const authProvider = fakeAuthProvider({ login: vi.fn(async () => ({ mfaToken: 't', methods: ['totp' as const] })), loginWithCode }, false);
    const { user, location } = await passwordStep(authProvider);
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('INVALID_CODE')).toBeInTheDocument();
    expect(location()).toBe('/auth');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();

    loginWithCode.mockImplementationOnce(async () => Promise.reject(new Error('INVALID_TOKEN')));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('leads an admin who must enrol a second factor to the Security tab', async () => {
    let signedIn = false;
    const authProvider = fakeAuthProvider({
      login: vi.fn(async () => {
        signedIn = true;
      }),
      mustEnrol: vi.fn(() => signedIn),
      checkAuth: vi.fn(async () => {
        if (!signedIn) throw { redirectTo: '/auth', message: false };
      }),
    });
    const { location } = await passwordStep(authProvider, {
      getSecondFactor: vi.fn(async () => ({ totp_enabled: false, recovery_codes_left: 0, passkeys: 0 })),
    });
    await waitFor(() => expect(location()).toBe('/account'));
    expect(await screen.findByRole('tab', { name: 'Security', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Enable two-factor authentication' })).toBeInTheDocument();
  });

  it('opens a session that must enrol on the Security tab from any address (a reload on a list), before the list asks anything', async () => {
    const getList = vi.fn(async () => ({ data: [], total: 0 }));
    const authProvider = fakeAuthProvider({
      mustEnrol: vi.fn(() => true),
      canAccess: vi.fn(async ({ resource }: { resource: string }) => resource === 'account'),
    });
    const { location } = renderApp('/company', {
      authProvider,
      dataProvider: { getList, getSecondFactor: vi.fn(async () => ({ totp_enabled: false, recovery_codes_left: 0, passkeys: 0 })) },
    });
    expect(await screen.findByRole('tab', { name: 'Security', selected: true })).toBeInTheDocument();
    expect(location()).toBe('/account');
    expect(screen.queryByText('Access denied')).toBeNull();
    expect(getList).not.toHaveBeenCalled();
  });

  it('goes straight to the code after a reset link for an admin with a second factor', async () => {
    const authProvider = fakeAuthProvider({}, false);
    const { user } = renderApp('/auth/reset?token=abc', {
      authProvider,
      passwordCalls: { resetPasswordFromLink: vi.fn(async () => ({ ok: false, code: 'MFA_REQUIRED', mfa_token: 'after-reset' })) },
    });
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'brand-new-1');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    await user.type(await screen.findByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(authProvider.loginWithCode).toHaveBeenCalledWith({ mfaToken: 'after-reset', code: '654321' }));
  });
});

describe('passkeys at sign-in', () => {
  // jsdom has no WebAuthn: the button shows where a browser has it.
  beforeEach(() => vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {}));
  afterEach(() => vi.unstubAllGlobals());

  const signedInAfter = (step: 'loginWithPasskey' | 'login', result?: unknown) => {
    let signedIn = false;
    return fakeAuthProvider({
      [step]: vi.fn(async () => {
        signedIn = step === 'loginWithPasskey';
        return result;
      }),
      checkAuth: vi.fn(async () => {
        if (!signedIn) throw { redirectTo: '/auth', message: false };
      }),
    });
  };

  it('signs in with a passkey alone, without the e-mail or password', async () => {
    const authProvider = signedInAfter('loginWithPasskey');
    const { user, location } = renderApp('/auth', { authProvider, dataProvider: { getList: vi.fn(async () => ({ data: [], total: 0 })) } });
    await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(authProvider.loginWithPasskey).toHaveBeenCalledWith({ mfaToken: undefined }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('offers only the passkey to an admin whose second factor is a passkey, and shows a refused prompt', async () => {
    const authProvider = signedInAfter('login', { mfaToken: 'mfa-7', methods: ['passkey'] });
    vi.mocked(authProvider.loginWithPasskey).mockRejectedValueOnce(new Error('The passkey was not used: the prompt was cancelled or timed out.'));
    const { user, location } = await passwordStep(authProvider);
    const usePasskey = await screen.findByRole('button', { name: 'Use a passkey' });
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await user.click(usePasskey);
    expect(await screen.findByText('The passkey was not used: the prompt was cancelled or timed out.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(authProvider.loginWithPasskey).toHaveBeenLastCalledWith({ mfaToken: 'mfa-7' }));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('offers the code and the passkey to an admin with both', async () => {
    const authProvider = signedInAfter('login', { mfaToken: 'mfa-8', methods: ['totp', 'passkey'] });
    await passwordStep(authProvider);
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
  });
});

describe('a reset link for an admin who must enrol', () => {
  it('opens the console on the Security tab', async () => {
    let signedIn = false;
    const authProvider = fakeAuthProvider({
      startSession: vi.fn(() => (signedIn = true)),
      mustEnrol: vi.fn(() => signedIn),
      checkAuth: vi.fn(async () => {
        if (!signedIn) throw { redirectTo: '/auth', message: false };
      }),
    });
    const { user, location } = renderApp('/auth/reset?token=abc', {
      authProvider,
      dataProvider: { getSecondFactor: vi.fn(async () => ({ totp_enabled: false, recovery_codes_left: 0, passkeys: 0 })) },
      passwordCalls: { resetPasswordFromLink: vi.fn(async () => ({ ok: true, token: 't', user: {}, mfa_enrolment_required: true })) },
    });
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'brand-new-1');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(location()).toBe('/account'));
    expect(await screen.findByRole('tab', { name: 'Security', selected: true })).toBeInTheDocument();
  });
});

describe('the account page’s Security tab', () => {
  const openSecurity = async (dataProvider: Record<string, (...args: never[]) => Promise<unknown>>, authProvider = fakeAuthProvider()) => {
    const rendered = renderPage(AccountPage, '/account', { dataProvider, authProvider });
    await rendered.user.click(await screen.findByRole('tab', { name: 'Security' }));
    return rendered;
  };

  it('keeps the profile under its own tab', async () => {
    renderPage(AccountPage, '/account', {
      dataProvider: { getSecondFactor: vi.fn(async () => ({ totp_enabled: false, recovery_codes_left: 0, passkeys: 0 })) },
    });
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toBeInTheDocument();
  });

  it('enrols: QR code and key, a code to confirm, then the recovery codes once with a copy button', async () => {
    let enabled = false;
    const getSecondFactor = vi.fn(async () => ({ totp_enabled: enabled, recovery_codes_left: enabled ? 10 : 0, passkeys: 0 }));
    const setupTotp = vi.fn(async () => ({ secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Admin%20Platform:me?secret=JBSWY3DPEHPK3PXP' }));
    const confirmTotp = vi.fn(async () => {
      enabled = true;
      return CODES;
    });
    // A session that had to enrol: confirming tells the console it may use everything again.
    const authProvider = fakeAuthProvider({ mustEnrol: vi.fn(() => true) });
    const { user } = await openSecurity({ getSecondFactor, setupTotp, confirmTotp }, authProvider);
    expect(await screen.findByText(/Off: a password alone signs you in/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enable two-factor authentication' }));
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('totp-key')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(confirmTotp).toHaveBeenCalledWith('123456'));
    await waitFor(() => expect(authProvider.enrolled).toHaveBeenCalledTimes(1));
    const codes = await screen.findByRole('region', { name: 'Recovery codes' });
    for (const code of CODES) expect(within(codes).getByText(code)).toBeInTheDocument();
    expect(await screen.findByText(/10 recovery codes left/)).toBeInTheDocument();
    expect(screen.queryByTestId('totp-key')).not.toBeInTheDocument();
    await user.click(within(codes).getByRole('button', { name: 'Copy codes' }));
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));
    await user.click(within(codes).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('shows a wrong confirmation code’s refusal and stays on the enrolment', async () => {
    const { user } = await openSecurity({
      getSecondFactor: vi.fn(async () => ({ totp_enabled: false, recovery_codes_left: 0, passkeys: 0 })),
      setupTotp: vi.fn(async () => ({ secret: 'KEY', otpauth_url: 'otpauth://totp/x?secret=KEY' })),
      confirmTotp: vi.fn(async () => Promise.reject(new HttpError('INVALID_CODE', 400))),
    });
    await user.click(await screen.findByRole('button', { name: 'Enable two-factor authentication' }));
    await user.type(await screen.findByLabelText('Code from the app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('INVALID_CODE')).toBeInTheDocument();
    expect(screen.getByTestId('totp-key')).toHaveTextContent('KEY');
  });

  it('regenerates the codes with a current code, and disables with the password', async () => {
    let enabled = true;
    const getSecondFactor = vi.fn(async () => ({ totp_enabled: enabled, recovery_codes_left: enabled ? 3 : 0, passkeys: 0 }));
    const regenerateRecoveryCodes = vi.fn(async () => CODES);
    const disableTotp = vi.fn(async () => {
      enabled = false;
    });
    const { user } = await openSecurity({ getSecondFactor, regenerateRecoveryCodes, disableTotp });
    expect(await screen.findByText(/3 recovery codes left/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Regenerate recovery codes' }));
    const regenerate = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await user.type(within(regenerate).getByLabelText('Code from the app'), '246810');
    await user.click(within(regenerate).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(regenerateRecoveryCodes).toHaveBeenCalledWith('246810'));
    expect(await screen.findByRole('region', { name: 'Recovery codes' })).toHaveTextContent(CODES[0]!);

    await user.click(screen.getByRole('button', { name: 'Disable' }));
    const disable = await screen.findByRole('dialog', { name: 'Disable two-factor authentication' });
    await user.type(within(disable).getByLabelText('Password'), ' pass word ');
    await user.click(within(disable).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(disableTotp).toHaveBeenCalledWith(' pass word '));
    expect(await screen.findByText(/Off: a password alone signs you in/)).toBeInTheDocument();
  });
});
