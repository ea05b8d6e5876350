import { screen, waitFor, within } from '@testing-library/react';
import { Button } from '@mui/material';
import { RecordContextProvider, useDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNotifyingMutation } from '../../src/custom/components/useNotifyingMutation';
import { StepUpDialog } from '../../src/custom/stepUp/StepUpDialog';
import { environment, stepUp } from '../../src/providers';
import { createAuthProvider } from '../../src/providers/authProvider';
import { createDataProvider, type AdminDataProvider } from '../../src/providers/dataProvider';
import { createHttpClient } from '../../src/providers/httpClient';
import { createSessionStore } from '../../src/providers/session';
import { createStepUpPrompt } from '../../src/providers/stepUp';
import { LoginAsButton } from '../../src/resources/users/LoginAsButton';
import { connectUrl } from '../../src/resources/users/connectUrl';
import { buildUser } from '../helpers/builders';
import { type MockedDataProvider, meAsSessionUser } from '../helpers/fakeProviders';
import { renderPage } from '../helpers/renderScreen';

// The browser's passkey prompt answers at once, naming the challenge it signed.
vi.mock('../../src/providers/webauthn', () => ({
  getPasskeyCredential: vi.fn(async (options: { challenge: string }) => ({ id: `signed-${options.challenge}` })),
}));

type Answer = [number, unknown];
const REFUSAL: Answer = [401, { ok: false, code: 'REAUTH_REQUIRED' }];
const IMPERSONATED: Answer = [200, { ok: true, data: { token: 'imp-token', expires_at: '2030-01-01T00:00:00.000Z' } }];
const totp = (enabled: boolean, passkeys = 0): Answer => [200, { ok: true, data: { totp_enabled: enabled, recovery_codes_left: enabled ? 10 : 0, passkeys } }];

/** A fetch answering each `METHOD /path` from its own queue (the last answer repeats), recording what was sent. */
function routedFetch(routes: Record<string, Answer[]>) {
  const sent: Array<{ call: string; body: unknown }> = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = `${init.method ?? 'GET'} ${new URL(String(input)).pathname.replace('/api', '')}`;
    sent.push({ call, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    const queue = routes[call] ?? [[404, { ok: false, code: 'NOT_FOUND' }]];
    const [status, body] = (queue.length > 1 ? queue.shift() : queue[0]) as Answer;
    return new Response(JSON.stringify(body), { status });
  }) as typeof globalThis.fetch;
  return { fetch, sent, calls: (call: string) => sent.filter((entry) => entry.call === call) };
}

/** 'Login as' as a console component makes it: a data provider call with the failure toast. */
const LoginAsProbe = () => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const impersonate = useNotifyingMutation(() => dataProvider.impersonate('u1'), {});
  return (
    <>
      <Button onClick={() => impersonate.mutate(undefined)}>Login as</Button>
      {impersonate.data && <output>Signed in as the user with {impersonate.data.token}</output>}
    </>
  );
};

/** The console's real client, data provider and auth provider over `routes`, the dialog mounted as the layout mounts it. */
function renderStepUp(routes: Record<string, Answer[]>) {
  const server = routedFetch(routes);
  const prompt = createStepUpPrompt();
  const session = createSessionStore();
  session.start('session-token', meAsSessionUser());
  const http = createHttpClient({ baseUrl: 'http://api.test/api', token: session.token, fetch: server.fetch, askForProof: prompt.ask });
  const rendered = renderPage(
    () => (
      <>
        <StepUpDialog prompt={prompt} />
        <LoginAsProbe />
      </>
    ),
    '/users',
    { dataProvider: createDataProvider(http) as unknown as MockedDataProvider, authProvider: createAuthProvider(http, session) },
  );
  return { ...rendered, server, session };
}

describe('the step-up dialog', () => {
  it('asks for the password when a call answers REAUTH_REQUIRED, then sends the call again and its caller goes on', async () => {
    const { user, server } = renderStepUp({
      'POST /user/u1/impersonate': [REFUSAL, IMPERSONATED],
      'GET /admin/mfa': [totp(false)],
      'POST /admin/reauth': [[200, { ok: true, data: { authenticated_at: '2026-11-26T20:00:00.000Z' } }]],
    });
    await user.click(screen.getByRole('button', { name: 'Login as' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(within(dialog).getByText('This action needs a recent sign-in. Enter your password to go on.')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Password'), 'demo-admin-1');
    await user.click(confirm);
    expect(await screen.findByText('Signed in as the user with imp-token')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('POST /admin/reauth').map((entry) => entry.body)).toEqual([{ password: 'demo-admin-1' }]);
    expect(server.calls('POST /user/u1/impersonate')).toHaveLength(2);
    // Without TOTP, the password is the only proof offered.
    expect(server.calls('GET /admin/mfa')).toHaveLength(1);
  });

  it('offers a code from the app when the admin has TOTP on', async () => {
    const { user, server } = renderStepUp({
      'POST /user/u1/impersonate': [REFUSAL, IMPERSONATED],
      'GET /admin/mfa': [totp(true)],
      'POST /admin/reauth': [[200, { ok: true, data: { authenticated_at: '2026-11-26T20:00:00.000Z' } }]],
    });
    await user.click(screen.getByRole('button', { name: 'Login as' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(await within(dialog).findByRole('button', { name: 'Use a code from your app' }));
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Use your password' }));
    expect(within(dialog).getByLabelText('Password')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Use a code from your app' }));
    expect(within(dialog).getByText(/Enter a code from your authenticator app, or a recovery code/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Authentication code'), ' 123456 ');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Signed in as the user with imp-token')).toBeInTheDocument();
    expect(server.calls('POST /admin/reauth').map((entry) => entry.body)).toEqual([{ code: '123456' }]);
  });

  it('shows a wrong password in the dialog and keeps it open; the call waits, then goes once the password is right', async () => {
    const { user, server } = renderStepUp({
      'POST /user/u1/impersonate': [REFUSAL, IMPERSONATED],
      'GET /admin/mfa': [totp(false)],
      'POST /admin/reauth': [
        [400, { ok: false, code: 'WRONG_PASSWORD' }],
        [200, { ok: true, data: { authenticated_at: '2026-11-26T20:00:00.000Z' } }],
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Login as' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    const password = within(dialog).getByLabelText('Password');
    await user.type(password, 'wrong-guess-1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Wrong password.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Confirm it is you' })).toBeInTheDocument();
    expect(server.calls('POST /user/u1/impersonate')).toHaveLength(1);

    await user.clear(password);
    await user.type(password, 'demo-admin-1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Signed in as the user with imp-token')).toBeInTheDocument();
    expect(server.calls('POST /user/u1/impersonate')).toHaveLength(2);
  });

  it('Cancel: the call fails with its REAUTH_REQUIRED toast, is not sent again, and the admin stays signed in', async () => {
    const { user, server, session } = renderStepUp({ 'POST /user/u1/impersonate': [REFUSAL], 'GET /admin/mfa': [totp(false)] });
    await user.click(screen.getByRole('button', { name: 'Login as' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('REAUTH_REQUIRED')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST /user/u1/impersonate')).toHaveLength(1);
    expect(server.calls('POST /admin/reauth')).toHaveLength(0);
    expect(session.user()).toEqual(meAsSessionUser());
  });

  it('offers an admin with passkeys to confirm with one, and sends the call again once it has', async () => {
    const { user, server } = renderStepUp({
      'POST /user/u1/impersonate': [REFUSAL, IMPERSONATED],
      'GET /admin/mfa': [totp(false, 1)],
      'POST /admin/reauth/passkey/options': [[200, { ok: true, data: { challenge: 'challenge-1' } }]],
      'POST /admin/reauth': [
        [400, { ok: false, code: 'INVALID_PASSKEY' }],
        [200, { ok: true, data: { authenticated_at: '2026-11-26T20:00:00.000Z' } }],
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Login as' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(await within(dialog).findByRole('button', { name: 'Use a passkey' }));
    expect(await within(dialog).findByText('That passkey could not confirm it is you.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText('Signed in as the user with imp-token')).toBeInTheDocument();
    expect(server.calls('POST /admin/reauth').map((call) => call.body)).toEqual([
      { passkey: { id: 'signed-challenge-1' } },
      { passkey: { id: 'signed-challenge-1' } },
    ]);
    expect(server.calls('POST /user/u1/impersonate')).toHaveLength(2);
  });
});

const target = buildUser();
const IMPERSONATE = `POST /user/${target.id}/impersonate`;

/** The users list's real 'Login as' over `routes`, on the console's own prompt (which the button watches), the blank tab it opens faked. */
function renderLoginAs(routes: Record<string, Answer[]>) {
  const server = routedFetch(routes);
  const session = createSessionStore();
  session.start('session-token', meAsSessionUser());
  const http = createHttpClient({ baseUrl: 'http://api.test/api', token: session.token, fetch: server.fetch, askForProof: stepUp.ask });
  const tab = {
    opener: {} as unknown,
    closed: false,
    location: { href: 'about:blank' },
    close: vi.fn(() => {
      tab.closed = true;
    }),
  };
  // The blank tab, then null as a `noopener` window.open answers.
  const open = vi
    .spyOn(window, 'open')
    .mockReturnValueOnce(tab as unknown as Window)
    .mockReturnValue(null);
  const rendered = renderPage(
    () => (
      <RecordContextProvider value={target}>
        <StepUpDialog />
        <LoginAsButton />
      </RecordContextProvider>
    ),
    '/user',
    { dataProvider: createDataProvider(http) as unknown as MockedDataProvider, authProvider: createAuthProvider(http, session) },
  );
  return { ...rendered, server, tab, open };
}

describe("'Login as' and the step-up dialog", () => {
  afterEach(() => vi.restoreAllMocks());
  const appUrl = connectUrl(environment.appUrl, String(target.id), 'imp-token');

  it('closes the blank tab, which hid the dialog, once the call waits on it; opens the app in a new tab after Confirm', async () => {
    const { user, tab, open, server } = renderLoginAs({
      [IMPERSONATE]: [REFUSAL, IMPERSONATED],
      'GET /admin/mfa': [totp(false)],
      'POST /admin/reauth': [[200, { ok: true, data: { authenticated_at: '2026-11-26T20:00:00.000Z' } }]],
    });
    await user.click(screen.getByRole('button', { name: 'Login as' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.close).toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Password'), 'demo-admin-1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(open).toHaveBeenLastCalledWith(appUrl, '_blank', 'noopener,noreferrer'));
    expect(open).toHaveBeenCalledTimes(2);
    expect(tab.location.href).toBe('about:blank');
    expect(server.calls(IMPERSONATE)).toHaveLength(2);
  });

  it('without step-up, sends the blank tab to the app as before', async () => {
    const { user, tab, open, server } = renderLoginAs({ [IMPERSONATE]: [IMPERSONATED] });
    await user.click(screen.getByRole('button', { name: 'Login as' }));
    await waitFor(() => expect(tab.location.href).toBe(appUrl));
    expect(tab.opener).toBeNull();
    expect(tab.close).not.toHaveBeenCalled();
    expect(open).toHaveBeenCalledTimes(1);
    expect(server.calls(IMPERSONATE)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Cancel: the blank tab is closed, no other opens, and the refusal is shown', async () => {
    const { user, tab, open } = renderLoginAs({ [IMPERSONATE]: [REFUSAL], 'GET /admin/mfa': [totp(false)] });
    await user.click(screen.getByRole('button', { name: 'Login as' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('REAUTH_REQUIRED')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(open).toHaveBeenCalledTimes(1);
  });
});
