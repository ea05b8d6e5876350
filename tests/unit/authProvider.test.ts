import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { ACTIONS, RESOURCES, ROLES, may } from '../../shared/catalogue/permissions';
import { createAuthProvider } from '../../src/providers/authProvider';
import { createHttpClient } from '../../src/providers/httpClient';
import { createSessionStore } from '../../src/providers/session';
import { fakeFetch } from '../helpers/fakeFetch';
import { getPasskeyCredential } from '../../src/providers/webauthn';

// The browser's prompt answers at once, with a credential naming the challenge it signed.
vi.mock('../../src/providers/webauthn', () => ({
  getPasskeyCredential: vi.fn(async (options: { challenge: string }) => ({ id: `credential-for-${options.challenge}` })),
}));

const user = {
  _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  name: 'Ada',
  email: 'ada@example.com',
  role: 'owner' as const,
  last_login_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  version: 1,
};

function setup(...answers: Parameters<typeof fakeFetch>) {
  const { fetch, calls } = fakeFetch(...answers);
  const session = createSessionStore();
  const http = createHttpClient({ baseUrl: 'http://api.test/api', token: session.token, fetch });
  const log = { error: vi.fn() };
  return { auth: createAuthProvider(http, session, log), session, calls, log };
}

describe('authProvider', () => {
  it('login stores the token and the user in memory; later calls carry the token', async () => {
    const { auth, session, calls } = setup([200, { ok: true, token: 'tok-9', user }], [200, { ok: true }]);
    await auth.login({ email: 'ada@example.com', password: 'pw' });
    expect(calls[0]).toMatchObject({ url: 'http://api.test/api/admin/signin', body: { email: 'ada@example.com', password: 'pw' } });
    expect(session.token()).toBe('tok-9');
    expect(session.user()).toEqual(user);
    await auth.logout({});
    expect(calls[1]?.headers.authorization).toBe('JWT tok-9');
  });

  it('login fails with the server code, or Error! without one', async () => {
    const { auth, session } = setup([401, { ok: false, code: 'INVALID_CREDENTIALS' }], [500, {}]);
    await expect(auth.login({ email: 'a@b.co', password: 'x' })).rejects.toThrow('INVALID_CREDENTIALS');
    await expect(auth.login({ email: 'a@b.co', password: 'x' })).rejects.toThrow('Error!');
    expect(session.user()).toBeNull();
  });

  it('login answers the second step’s token on MFA_REQUIRED without a session; loginWithCode opens it', async () => {
    const { auth, session, calls } = setup(
      [401, { ok: false, code: 'MFA_REQUIRED', mfa_token: 'mfa-1' }],
      [401, { ok: false, code: 'INVALID_CODE' }],
      [200, { ok: true, token: 'tok-2', user }],
    );
    await expect(auth.login({ email: 'ada@example.com', password: 'pw' })).resolves.toEqual({ mfaToken: 'mfa-1', methods: ['totp'] });
    expect(session.user()).toBeNull();
    await expect(auth.loginWithCode({ mfaToken: 'mfa-1', code: '000000' })).rejects.toThrow('INVALID_CODE');
    await auth.loginWithCode({ mfaToken: 'mfa-1', code: '123456' });
    expect(calls[2]).toMatchObject({ url: 'http://api.test/api/admin/signin/mfa', body: { mfa_token: 'mfa-1', code: '123456' } });
    expect(session.token()).toBe('tok-2');
  });

  it('loginWithPasskey sends the browser’s answer to the challenge, alone or with the second step’s token', async () => {
    const { auth, session, calls } = setup(
      [200, { ok: true, data: { challenge: 'challenge-1' } }],
      [200, { ok: true, token: 'tok-5', user }],
      [200, { ok: true, data: { challenge: 'challenge-2' } }],
      [401, { ok: false, code: 'INVALID_PASSKEY' }],
    );
    await auth.loginWithPasskey();
    expect(getPasskeyCredential).toHaveBeenCalledWith({ challenge: 'challenge-1' });
    expect(calls[0]).toMatchObject({ url: 'http://api.test/api/admin/signin/passkey/options', body: {} });
    expect(calls[1]).toMatchObject({ url: 'http://api.test/api/admin/signin/passkey', body: { credential: { id: 'credential-for-challenge-1' } } });
    expect(session.token()).toBe('tok-5');
    await expect(auth.loginWithPasskey({ mfaToken: 'mfa-2' })).rejects.toThrow('INVALID_PASSKEY');
    expect(calls[2]?.body).toEqual({ mfa_token: 'mfa-2' });
    expect(calls[3]?.body).toEqual({ mfa_token: 'mfa-2', credential: { id: 'credential-for-challenge-2' } });
  });

  it('login names the second factors MFA_REQUIRED offers', async () => {
    const { auth } = setup([401, { ok: false, code: 'MFA_REQUIRED', mfa_token: 'mfa-3', mfa_methods: ['passkey'] }]);
    await expect(auth.login({ email: 'ada@example.com', password: 'pw' })).resolves.toEqual({ mfaToken: 'mfa-3', methods: ['passkey'] });
  });

  it('login says when the session may only enrol a second factor', async () => {
    const { auth, session } = setup([200, { ok: true, token: 'tok-3', user, mfa_enrolment_required: true }], [200, { ok: true, token: 'tok-4', user }]);
    await expect(auth.login({ email: 'ada@example.com', password: 'pw' })).resolves.toBeUndefined();
    expect(session.token()).toBe('tok-3');
    expect(auth.mustEnrol()).toBe(true);
    await expect(auth.login({ email: 'ada@example.com', password: 'pw' })).resolves.toBeUndefined();
    expect(auth.mustEnrol()).toBe(false);
  });

  it('says whether the session may only enrol a second factor, from the sign-in or the start-up check', async () => {
    const { auth } = setup([200, { ok: true, token: 'from-cookie', user, mfa_enrolment_required: true }], [200, { ok: true, token: 'tok-6', user }]);
    expect(auth.mustEnrol()).toBe(false);
    await auth.checkAuth({});
    expect(auth.mustEnrol()).toBe(true);
    await auth.login({ email: 'ada@example.com', password: 'pw' });
    expect(auth.mustEnrol()).toBe(false);
  });

  it('lets a session that must enrol use its own account only, until it has enrolled', async () => {
    const { auth } = setup([200, { ok: true, token: 'from-cookie', user, mfa_enrolment_required: true }]);
    await auth.checkAuth({});
    expect(await auth.canAccess!({ resource: 'account', action: 'update' })).toBe(true);
    expect(await auth.canAccess!({ resource: 'dashboard', action: 'read' })).toBe(false);
    expect(await auth.canAccess!({ resource: 'company', action: 'list' })).toBe(false);
    auth.enrolled();
    expect(auth.mustEnrol()).toBe(false);
    expect(await auth.canAccess!({ resource: 'dashboard', action: 'read' })).toBe(true);
    expect(await auth.canAccess!({ resource: 'company', action: 'list' })).toBe(true);
  });

  it('checkAuth asks signin_token once at start and keeps the answer', async () => {
    const { auth, session, calls } = setup([200, { ok: true, token: 'from-cookie', user }]);
    await auth.checkAuth({});
    await auth.checkAuth({});
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET http://api.test/api/admin/signin_token']);
    expect(session.token()).toBe('from-cookie');
  });

  it('checkAuth rejects towards /auth when the start-up check finds no session, without asking again', async () => {
    const { auth, calls } = setup([401, { ok: false, code: 'UNAUTHORIZED' }]);
    await expect(auth.checkAuth({})).rejects.toEqual({ redirectTo: '/auth', message: false });
    await expect(auth.checkAuth({})).rejects.toEqual({ redirectTo: '/auth', message: false });
    expect(calls).toHaveLength(1);
  });

  it('checkAuth treats an unreachable server as signed out', async () => {
    const { auth } = setup(new TypeError('Failed to fetch'));
    await expect(auth.checkAuth({})).rejects.toEqual({ redirectTo: '/auth', message: false });
  });

  it('logout: a successful call clears the user and sends to /auth', async () => {
    const { auth, session } = setup([200, { ok: true, token: 't', user }], [200, { ok: true }]);
    await auth.login({ email: 'a', password: 'b' });
    await expect(auth.logout({})).resolves.toBe('/auth');
    expect(session.user()).toBeNull();
    expect(session.token()).toBeNull();
  });

  it('logout: a failure is only logged and the admin stays signed in', async () => {
    const { auth, session, log } = setup([200, { ok: true, token: 't', user }], new TypeError('Failed to fetch'));
    await auth.login({ email: 'a', password: 'b' });
    await expect(auth.logout({})).rejects.toThrow('Something went wrong');
    expect(log.error).toHaveBeenCalledWith('Something went wrong', 'Failed to fetch');
    expect(session.user()).toEqual(user);
  });

  it('logout: a 401 (the session had already ended) counts as signed out', async () => {
    const { auth, session, log } = setup([200, { ok: true, token: 't', user }], [401, { ok: false, code: 'UNAUTHORIZED' }]);
    await auth.login({ email: 'a', password: 'b' });
    await expect(auth.logout({})).resolves.toBe('/auth');
    expect(session.user()).toBeNull();
    expect(session.token()).toBeNull();
    expect(log.error).not.toHaveBeenCalled();
  });

  it('logout: any other refusal keeps the admin signed in', async () => {
    const { auth, session, log } = setup([200, { ok: true, token: 't', user }], [500, { ok: false, code: 'INTERNAL_ERROR' }]);
    await auth.login({ email: 'a', password: 'b' });
    await expect(auth.logout({})).rejects.toThrow('Something went wrong');
    expect(log.error).toHaveBeenCalledWith('Something went wrong', 'INTERNAL_ERROR');
    expect(session.user()).toEqual(user);
  });

  it('logout without a session calls nothing', async () => {
    const { auth, calls } = setup();
    await expect(auth.logout({})).resolves.toBe('/auth');
    expect(calls).toHaveLength(0);
  });

  it('checkError: 401 ends the session; other refusals do not', async () => {
    const { auth, session } = setup([200, { ok: true, token: 't', user }]);
    await auth.login({ email: 'a', password: 'b' });
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
    // The database away (503 DATABASE_UNAVAILABLE) is passing: the admin stays signed in.
    await expect(auth.checkError({ status: 503 })).resolves.toBeUndefined();
    expect(session.user()).toEqual(user);
    await expect(auth.checkError({ status: 401 })).rejects.toEqual({ redirectTo: '/auth', message: false });
    expect(session.user()).toBeNull();
  });

  it('checkError: a 401 REAUTH_REQUIRED (step-up cancelled) keeps the admin signed in, as an HttpError or a download failure', async () => {
    const { auth, session } = setup([200, { ok: true, token: 't', user }]);
    await auth.login({ email: 'a', password: 'b' });
    await expect(auth.checkError(new HttpError('REAUTH_REQUIRED', 401, { ok: false, code: 'REAUTH_REQUIRED' }))).resolves.toBeUndefined();
    await expect(auth.checkError(Object.assign(new Error('REAUTH_REQUIRED'), { status: 401 }))).resolves.toBeUndefined();
    expect(session.user()).toEqual(user);
    await expect(auth.checkError(new HttpError('UNAUTHORIZED', 401, { ok: false, code: 'UNAUTHORIZED' }))).rejects.toEqual({
      redirectTo: '/auth',
      message: false,
    });
    expect(session.user()).toBeNull();
  });

  it('checkAuth with the database away (503) neither signs in nor out: it rejects with the status, and asks again next time', async () => {
    const { auth, session, calls } = setup([503, { ok: false, code: 'DATABASE_UNAVAILABLE' }], [200, { ok: true, token: 't', user }]);
    await expect(auth.checkAuth({})).rejects.toMatchObject({ message: 'DATABASE_UNAVAILABLE', status: 503 });
    expect(session.user()).toBeNull();
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(session.user()).toEqual(user);
    expect(calls.filter((call) => call.url.endsWith('/admin/signin_token'))).toHaveLength(2);
  });

  it('getIdentity names the signed-in admin', async () => {
    const { auth } = setup([200, { ok: true, token: 't', user }]);
    await expect(auth.getIdentity?.()).rejects.toThrow();
    await auth.login({ email: 'a', password: 'b' });
    await expect(auth.getIdentity?.()).resolves.toEqual({ id: user._id, fullName: 'Ada', email: 'ada@example.com', role: 'owner' });
  });

  it('startSession opens a session only from an answer that carries one', () => {
    const { auth, session } = setup();
    expect(auth.startSession({ ok: false, code: 'INVALID_TOKEN' })).toBe(false);
    expect(session.user()).toBeNull();
    expect(auth.startSession({ ok: true, token: 'x', user })).toBe(true);
    expect(session.token()).toBe('x');
  });
});

describe('authProvider.canAccess', () => {
  /** Signed in as an admin of `role` (or of a stored shape without one). */
  function signedIn(role: unknown) {
    const { auth, session } = setup();
    session.start('tok', { ...user, role } as typeof user);
    return auth;
  }

  it("answers the permission table for the signed-in admin's role, for every role, resource and action", async () => {
    for (const role of ROLES) {
      const auth = signedIn(role);
      for (const resource of RESOURCES) {
        for (const action of ACTIONS) await expect(auth.canAccess?.({ resource, action })).resolves.toBe(may(role, resource, action));
      }
    }
  });

  it("reads react-admin's `edit` as the table's `update` and `show` as `read`", async () => {
    for (const role of ROLES) {
      const auth = signedIn(role);
      for (const resource of RESOURCES) {
        await expect(auth.canAccess?.({ resource, action: 'edit' })).resolves.toBe(may(role, resource, 'update'));
        await expect(auth.canAccess?.({ resource, action: 'show' })).resolves.toBe(may(role, resource, 'read'));
      }
    }
    // Both readings differ somewhere, so the mapping is not a coincidence of the table.
    expect(may('support', 'company', 'read')).not.toBe(may('support', 'company', 'update'));
  });

  it('refuses a resource or an action the table does not name, even to an owner', async () => {
    const auth = signedIn('owner');
    await expect(auth.canAccess?.({ resource: 'company', action: 'list' })).resolves.toBe(true);
    await expect(auth.canAccess?.({ resource: 'planet', action: 'list' })).resolves.toBe(false);
    await expect(auth.canAccess?.({ resource: 'company', action: 'launch' })).resolves.toBe(false);
    await expect(auth.canAccess?.({ resource: 'company', action: 'toString' })).resolves.toBe(false);
  });

  it('refuses everything without a signed-in admin, or to a session without a role', async () => {
    const { auth } = setup();
    await expect(auth.canAccess?.({ resource: 'dashboard', action: 'read' })).resolves.toBe(false);
    for (const role of [undefined, null, 'superuser']) await expect(signedIn(role).canAccess?.({ resource: 'dashboard', action: 'read' })).resolves.toBe(false);
  });
});
