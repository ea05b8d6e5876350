import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, auditEvents, passkeys, sessions, webauthnChallenges } from '../../server/db/schema';
import { hashToken } from '../../server/lib/ids';
import { buildTestServer, insertAdmin, TEST_PASSWORD, type TestServer } from '../helpers/testServer';
import { softAuthenticator } from '../helpers/softAuthenticator';

let server: TestServer;
let consoleOrigin: string;
beforeAll(async () => {
  server = await buildTestServer({ mfaRequiredRoles: ['finance'] });
  consoleOrigin = new URL(server.app.config.consoleUrl).origin;
});
afterAll(() => server.close());

type Answer = { ok: boolean; code?: string; token?: string; mfa_token?: string; mfa_methods?: string[]; data?: never };
type Options = { challenge: string; user: { id: string }; allowCredentials?: { id: string }[]; rp?: { id: string }; userVerification?: string };

const post = (url: string, payload?: object, token?: string) =>
  server.app.inject({ method: 'POST', url: `/api${url}`, ...(token ? { headers: { authorization: `JWT ${token}` } } : {}), ...(payload ? { payload } : {}) });

/** A signed-in admin with a software authenticator, and calls as them. */
async function adminWithAuthenticator(role: 'owner' | 'finance' = 'owner') {
  const { id, email } = await insertAdmin(server.app, { role });
  const token = (await post('/admin/signin', { email, password: TEST_PASSWORD })).json<Answer>().token as string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    server.app.inject({ method, url: `/api${url}`, headers: { authorization: `JWT ${token}` }, ...(payload ? { payload } : {}) });
  const authenticator = softAuthenticator(consoleOrigin);
  async function register(name = 'Laptop', { from = consoleOrigin } = {}): Promise<LightMyRequestResponse> {
    const options = (await call('POST', '/admin/passkeys/options')).json<{ data: Options }>().data;
    return call('POST', '/admin/passkeys', { name, credential: authenticator.create(options, { from }) });
  }
  return { id, email, token, call, authenticator, register };
}

const signinOptions = async (mfaToken?: string) =>
  (await post('/admin/signin/passkey/options', mfaToken ? { mfa_token: mfaToken } : {})).json<{ data: Options }>().data;
const actionsOf = async (adminId: string) =>
  (await server.app.db.select().from(auditEvents).where(eq(auditEvents.entityId, adminId))).map((event) => event.action);
const passkeyCount = async (adminId: string) => (await server.app.db.select().from(admins).where(eq(admins.id, adminId)))[0]?.passkeyCount;

describe('registering passkeys', () => {
  it('keeps several under their names, lists them without key material, renames and removes them, each audited', async () => {
    const admin = await adminWithAuthenticator();
    const options = (await admin.call('POST', '/admin/passkeys/options')).json<{ data: Options }>().data;
    expect(options.rp?.id).toBe('localhost');
    const laptop = await admin.call('POST', '/admin/passkeys', { name: ' Laptop ', credential: admin.authenticator.create(options) });
    expect(laptop.statusCode).toBe(200);
    expect(laptop.json()).toEqual({ ok: true, data: { _id: expect.any(String), name: 'Laptop', created_at: expect.any(String), last_used_at: null } });
    expect((await admin.register('Security key')).statusCode).toBe(200);
    expect(await passkeyCount(admin.id)).toBe(2);

    const listed = (await admin.call('GET', '/admin/passkeys')).json<{ data: { _id: string; name: string }[] }>().data;
    expect(listed.map((passkey) => passkey.name)).toEqual(['Laptop', 'Security key']);
    const [first, second] = listed;
    expect((await admin.call('PUT', `/admin/passkeys/${first?._id}`, { name: 'Work laptop' })).json()).toMatchObject({
      ok: true,
      data: { name: 'Work laptop' },
    });
    expect((await admin.call('DELETE', `/admin/passkeys/${second?._id}`)).json()).toEqual({ ok: true });
    expect((await admin.call('GET', '/admin/passkeys')).json<{ data: { name: string }[] }>().data.map((passkey) => passkey.name)).toEqual(['Work laptop']);
    expect(await passkeyCount(admin.id)).toBe(1);
    expect(await actionsOf(admin.id)).toEqual(expect.arrayContaining(['passkey_add', 'passkey_rename', 'passkey_remove']));
  });

  it('refuses an answer from another origin, to a spent challenge, or of a key already kept, and keeps nothing', async () => {
    const admin = await adminWithAuthenticator();
    const foreign = await admin.register('Phishing', { from: 'https://console.example.net' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ ok: false, code: 'INVALID_PASSKEY' });

    const options = (await admin.call('POST', '/admin/passkeys/options')).json<{ data: Options }>().data;
    const credential = admin.authenticator.create(options);
    expect((await admin.call('POST', '/admin/passkeys', { name: 'Laptop', credential })).statusCode).toBe(200);
    expect((await admin.call('POST', '/admin/passkeys', { name: 'Again', credential })).json()).toEqual({ ok: false, code: 'INVALID_PASSKEY' });
    const fresh = (await admin.call('POST', '/admin/passkeys/options')).json<{ data: Options }>().data;
    const replayed = {
      ...credential,
      response: {
        ...credential.response,
        clientDataJSON: Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: fresh.challenge, origin: consoleOrigin })).toString('base64url'),
      },
    };
    // Same key, new challenge: attestation 'none' signs nothing, so the key being known already is what refuses it.
    expect((await admin.call('POST', '/admin/passkeys', { name: 'Again', credential: replayed })).json()).toEqual({ ok: false, code: 'PASSKEY_EXISTS' });
    expect(await passkeyCount(admin.id)).toBe(1);
    expect((await admin.call('POST', '/admin/passkeys', { name: 'Bad', credential: { id: 'x' } })).json()).toMatchObject({
      ok: false,
      code: 'VALIDATION_ERROR',
    });
    const badTransports = admin.authenticator.create((await admin.call('POST', '/admin/passkeys/options')).json<{ data: Options }>().data);
    const withBadTransports = { ...badTransports, response: { ...badTransports.response, transports: 'usb' } };
    expect((await admin.call('POST', '/admin/passkeys', { name: 'Bad', credential: withBadTransports })).json()).toMatchObject({
      ok: false,
      code: 'VALIDATION_ERROR',
    });
  });

  it('spends a registration challenge even when its answer is refused', async () => {
    const admin = await adminWithAuthenticator();
    const options = (await admin.call('POST', '/admin/passkeys/options')).json<{ data: Options }>().data;
    expect(
      (await admin.call('POST', '/admin/passkeys', { name: 'Phishing', credential: admin.authenticator.create(options, { from: 'https://evil.example' }) }))
        .statusCode,
    ).toBe(400);
    expect((await admin.call('POST', '/admin/passkeys', { name: 'Laptop', credential: admin.authenticator.create(options) })).json()).toEqual({
      ok: false,
      code: 'INVALID_PASSKEY',
    });
    expect(await passkeyCount(admin.id)).toBe(0);
  });

  it('adds a passkey only with a recent proof: a stolen session cannot plant one', async () => {
    const admin = await adminWithAuthenticator();
    await server.app.db
      .update(sessions)
      .set({ authenticatedAt: sql`now() - interval '1 hour'` })
      .where(eq(sessions.tokenHash, hashToken(admin.token)));
    expect((await admin.call('POST', '/admin/passkeys/options', {})).json()).toEqual({ ok: false, code: 'REAUTH_REQUIRED' });
    expect(
      (await admin.call('POST', '/admin/passkeys', { name: 'Planted', credential: admin.authenticator.create({ challenge: 'x', user: { id: 'y' } }) })).json(),
    ).toEqual({
      ok: false,
      code: 'REAUTH_REQUIRED',
    });
    expect(await passkeyCount(admin.id)).toBe(0);
  });

  it('touches only the signed-in admin’s own passkeys', async () => {
    const owner = await adminWithAuthenticator();
    const other = await adminWithAuthenticator();
    const kept = (await owner.register()).json<{ data: { _id: string } }>().data;
    expect((await other.call('PUT', `/admin/passkeys/${kept._id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await other.call('DELETE', `/admin/passkeys/${kept._id}`)).statusCode).toBe(404);
    expect((await server.app.db.select().from(passkeys).where(eq(passkeys.id, kept._id)))[0]?.name).toBe('Laptop');
  });
});

describe('signing in with a passkey', () => {
  it('signs in without a password when the passkey checked its holder, once per challenge', async () => {
    const admin = await adminWithAuthenticator();
    await admin.register();
    const options = await signinOptions();
    expect(options.allowCredentials).toEqual([]);
    expect(options).toMatchObject({ userVerification: 'required' });
    const assertion = admin.authenticator.get(options);
    const signedIn = await post('/admin/signin/passkey', { credential: assertion });
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json<Answer & { user: { _id: string } }>();
    expect(session.user._id).toBe(admin.id);
    expect((await server.app.inject({ method: 'GET', url: '/api/admin/sessions', headers: { authorization: `JWT ${session.token}` } })).statusCode).toBe(200);
    expect(signedIn.headers['set-cookie']).toBeDefined();
    // The same answer again: its challenge is spent.
    expect((await post('/admin/signin/passkey', { credential: assertion })).json()).toEqual({ ok: false, code: 'INVALID_PASSKEY' });
    const [used] = await server.app.db.select().from(passkeys).where(eq(passkeys.adminId, admin.id));
    expect(used?.lastUsedAt).toBeInstanceOf(Date);
    expect(await actionsOf(admin.id)).toContain('sign_in');
  });

  it('refuses a passkey that did not verify its holder when it signs in alone, an unknown key, a cloned key and a foreign origin', async () => {
    const admin = await adminWithAuthenticator();
    await admin.register();
    expect((await post('/admin/signin/passkey', { credential: admin.authenticator.get(await signinOptions(), { userVerified: false }) })).statusCode).toBe(401);
    const phished = admin.authenticator.get(await signinOptions(), { from: 'https://evil.example' });
    expect((await post('/admin/signin/passkey', { credential: phished })).json()).toEqual({ ok: false, code: 'INVALID_PASSKEY' });
    const stranger = softAuthenticator(consoleOrigin);
    stranger.create({ challenge: 'never-asked', user: { id: 'nobody' } });
    expect((await post('/admin/signin/passkey', { credential: stranger.get(await signinOptions()) })).json()).toEqual({ ok: false, code: 'INVALID_PASSKEY' });
    expect((await post('/admin/signin/passkey', { credential: admin.authenticator.get(await signinOptions(), { counter: 50 }) })).statusCode).toBe(200);
    // A signature count that goes back betrays a copy of the key.
    expect((await post('/admin/signin/passkey', { credential: admin.authenticator.get(await signinOptions(), { counter: 10 }) })).statusCode).toBe(401);
    expect(await actionsOf(admin.id)).toContain('failed_sign_in');
  });

  it('is the second factor after a password: MFA_REQUIRED names it, its options name only that admin’s keys, and the token is spent', async () => {
    const admin = await adminWithAuthenticator();
    await admin.register();
    const other = await adminWithAuthenticator();
    await other.register();
    const password = await post('/admin/signin', { email: admin.email, password: TEST_PASSWORD });
    expect(password.statusCode).toBe(401);
    const { mfa_token: mfaToken, mfa_methods: methods } = password.json<Answer>();
    expect(methods).toEqual(['passkey']);
    const options = await signinOptions(mfaToken);
    expect(options).toMatchObject({ userVerification: 'preferred' });
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([admin.authenticator.credentials[0]?.id.toString('base64url')]);

    // Another admin's passkey does not finish this admin's sign-in.
    expect((await post('/admin/signin/passkey', { mfa_token: mfaToken, credential: other.authenticator.get(options) })).json()).toEqual({
      ok: false,
      code: 'INVALID_PASSKEY',
    });
    const second = await post('/admin/signin/passkey', {
      mfa_token: mfaToken,
      credential: admin.authenticator.get(await signinOptions(mfaToken), { userVerified: false }),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json<{ user: { _id: string } }>().user._id).toBe(admin.id);
    expect((await post('/admin/signin/passkey', { mfa_token: mfaToken, credential: admin.authenticator.get(await signinOptions()) })).json()).toEqual({
      ok: false,
      code: 'INVALID_TOKEN',
    });
    expect((await post('/admin/signin/passkey/options', { mfa_token: 'made-up' })).json()).toEqual({ ok: false, code: 'INVALID_TOKEN' });
  });

  it('counts as the second factor MFA_REQUIRED_ROLES asks for', async () => {
    const admin = await adminWithAuthenticator('finance');
    expect((await admin.call('POST', '/company/search', {})).json()).toEqual({ ok: false, code: 'MFA_ENROLMENT_REQUIRED' });
    expect((await admin.register()).statusCode).toBe(200);
    const session = (await post('/admin/signin/passkey', { credential: admin.authenticator.get(await signinOptions()) })).json<
      Answer & { mfa_enrolment_required?: true }
    >();
    expect(session.ok).toBe(true);
    expect(session.mfa_enrolment_required).toBeUndefined();
    expect((await admin.call('GET', '/admin/passkeys')).statusCode).toBe(200);
    expect((await admin.call('POST', '/company/search', {})).statusCode).toBe(200);
  });

  it('keeps its challenges in the database, short-lived', async () => {
    const before = (await server.app.db.select().from(webauthnChallenges)).length;
    const options = await signinOptions();
    const [kept] = await server.app.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, options.challenge));
    expect(kept).toMatchObject({ purpose: 'signin', adminId: null });
    expect(kept?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000 + 1000);
    expect((await server.app.db.select().from(webauthnChallenges)).length).toBe(before + 1);
  });
});

describe('a passkey as fresh proof (step-up)', () => {
  /** Moves the session's last proof past STEP_UP_MINUTES, as time passing would. */
  const age = (token: string) =>
    server.app.db
      .update(sessions)
      .set({ authenticatedAt: sql`now() - interval '1 hour'` })
      .where(eq(sessions.tokenHash, hashToken(token)));

  it('renews the session’s proof with one of the admin’s own passkeys, and not with another’s', async () => {
    const admin = await adminWithAuthenticator();
    const other = await adminWithAuthenticator();
    const kept = (await admin.register()).json<{ data: { _id: string } }>().data;
    await other.register();
    await age(admin.token);
    expect((await admin.call('DELETE', `/admin/passkeys/${kept._id}`)).json()).toEqual({ ok: false, code: 'REAUTH_REQUIRED' });

    const options = (await admin.call('POST', '/admin/reauth/passkey/options', {})).json<{ data: Options }>().data;
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([admin.authenticator.credentials[0]?.id.toString('base64url')]);
    const foreign = await admin.call('POST', '/admin/reauth', { passkey: other.authenticator.get(options) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ ok: false, code: 'INVALID_PASSKEY' });

    const own = await admin.call('POST', '/admin/reauth', {
      passkey: admin.authenticator.get((await admin.call('POST', '/admin/reauth/passkey/options', {})).json<{ data: Options }>().data),
    });
    expect(own.json()).toEqual({ ok: true, data: { authenticated_at: expect.any(String) } });
    expect(await actionsOf(admin.id)).toEqual(expect.arrayContaining(['failed_reauth', 'reauth']));
    expect((await admin.call('DELETE', `/admin/passkeys/${kept._id}`)).json()).toEqual({ ok: true });
  });

  it('takes only a passkey that checked its holder, since it stands for the password', async () => {
    const admin = await adminWithAuthenticator();
    await admin.register();
    await age(admin.token);
    const options = (await admin.call('POST', '/admin/reauth/passkey/options', {})).json<{ data: Options }>().data;
    expect(options).toMatchObject({ userVerification: 'required' });
    expect((await admin.call('POST', '/admin/reauth', { passkey: admin.authenticator.get(options, { userVerified: false }) })).json()).toEqual({
      ok: false,
      code: 'INVALID_PASSKEY',
    });
  });

  it('takes no sign-in challenge as a re-authentication', async () => {
    const admin = await adminWithAuthenticator();
    await admin.register();
    await age(admin.token);
    const answer = await admin.call('POST', '/admin/reauth', { passkey: admin.authenticator.get(await signinOptions()) });
    expect(answer.json()).toEqual({ ok: false, code: 'INVALID_PASSKEY' });
  });
});
