import { PassThrough } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { admins, auditEvents, mfaTokens, outbox, recoveryCodes, sessions } from '../../server/db/schema';
import { hashToken } from '../../server/lib/ids';
import { freshTotpCode } from '../helpers/totp';
import { buildTestServer, insertAdmin, openTestDatabase, TEST_PASSWORD, testConfig, type TestServer } from '../helpers/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(() => server.close());

type Answer = { ok: boolean; code?: string; mfa_token?: string; token?: string; data?: Record<string, unknown> };

/** An admin with a password, signed in, and calls as them; `app` defaults to the file's server. */
async function adminOn(app: FastifyInstance = server.app) {
  const { id, email } = await insertAdmin(app);
  const signin = await app.inject({ method: 'POST', url: '/api/admin/signin', payload: { email, password: TEST_PASSWORD } });
  const token = signin.json<Answer>().token;
  const call = (url: string, payload?: object, method: 'GET' | 'POST' = 'POST') =>
    app.inject({ method, url: `/api${url}`, headers: { authorization: `JWT ${token}` }, ...(payload ? { payload } : {}) });
  return { id, email, call };
}

/** Setup and confirm with a code the test computes, as an authenticator app would. */
async function enrol(admin: Awaited<ReturnType<typeof adminOn>>) {
  const setup = (await admin.call('/admin/mfa/totp/setup')).json<{ data: { secret: string; otpauth_url: string } }>();
  const { secret } = setup.data;
  const confirmed = await admin.call('/admin/mfa/totp/confirm', { code: await freshTotpCode(server.app, secret) });
  expect(confirmed.statusCode).toBe(200);
  return { secret, otpauthUrl: setup.data.otpauth_url, recoveryCodes: confirmed.json<{ data: { recovery_codes: string[] } }>().data.recovery_codes };
}

const post = (url: string, payload: object, app: FastifyInstance = server.app) => app.inject({ method: 'POST', url: `/api${url}`, payload });

async function passwordStep(email: string, app: FastifyInstance = server.app, password = TEST_PASSWORD): Promise<string> {
  const response = await post('/admin/signin', { email, password }, app);
  expect(response.statusCode).toBe(401);
  const body = response.json<Answer>();
  expect(body).toEqual({ ok: false, code: 'MFA_REQUIRED', mfa_token: expect.any(String), mfa_methods: ['totp'] });
  expect(response.headers['set-cookie']).toBeUndefined();
  return body.mfa_token as string;
}

const actionsOf = async (adminId: string) =>
  (await server.app.db.select().from(auditEvents).where(eq(auditEvents.entityId, adminId))).map((event) => event.action);
const sessionCount = async (adminId: string) => (await server.app.db.select().from(sessions).where(eq(sessions.adminId, adminId))).length;

describe('TOTP enrolment', () => {
  it('answers a new key each setup, turns on only with a right code, and answers ten recovery codes once', async () => {
    const admin = await adminOn();
    const first = (await admin.call('/admin/mfa/totp/setup')).json<{ data: { secret: string; otpauth_url: string } }>().data;
    const second = (await admin.call('/admin/mfa/totp/setup')).json<{ data: { secret: string; otpauth_url: string } }>().data;
    expect(second.secret).not.toBe(first.secret);
    expect(second.otpauth_url).toMatch(/^otpauth:\/\/totp\/Admin%20Platform:/);
    expect(second.otpauth_url).toContain(encodeURIComponent(admin.email));
    expect(second.otpauth_url).toContain(`secret=${second.secret}`);

    // A code of the replaced key is no good.
    const stale = await admin.call('/admin/mfa/totp/confirm', { code: await freshTotpCode(server.app, first.secret) });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ ok: false, code: 'INVALID_CODE' });
    expect((await admin.call('/admin/mfa/totp/confirm', { code: 'abcdef' })).json()).toEqual({ ok: false, code: 'INVALID_CODE' });
    expect((await admin.call('/admin/mfa', undefined, 'GET')).json()).toEqual({ ok: true, data: { totp_enabled: false, recovery_codes_left: 0, passkeys: 0 } });

    const confirmed = await admin.call('/admin/mfa/totp/confirm', { code: await freshTotpCode(server.app, second.secret) });
    const codes = confirmed.json<{ data: { recovery_codes: string[] } }>().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await admin.call('/admin/mfa', undefined, 'GET')).json()).toEqual({ ok: true, data: { totp_enabled: true, recovery_codes_left: 10, passkeys: 0 } });
    const stored = await server.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.adminId, admin.id));
    expect(stored.map((row) => row.codeHash)).not.toEqual(expect.arrayContaining([codes[0]]));
    expect(await actionsOf(admin.id)).toContain('mfa_enable');

    const again = await admin.call('/admin/mfa/totp/setup');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ ok: false, code: 'MFA_ALREADY_ENABLED' });
    expect((await admin.call('/admin/mfa/totp/confirm', { code: await freshTotpCode(server.app, second.secret) })).statusCode).toBe(409);
  });

  it('refuses a confirmation before any setup', async () => {
    const admin = await adminOn();
    const response = await admin.call('/admin/mfa/totp/confirm', { code: '123456' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ ok: false, code: 'MFA_NOT_ENABLED' });
  });
});

describe('sign-in with a second factor', () => {
  it('answers MFA_REQUIRED without a session, then opens one for the right code, once per token', async () => {
    const admin = await adminOn();
    const { secret } = await enrol(admin);
    const before = await sessionCount(admin.id);
    const mfaToken = await passwordStep(admin.email);
    expect(await sessionCount(admin.id)).toBe(before);
    const [stored] = await server.app.db
      .select()
      .from(mfaTokens)
      .where(eq(mfaTokens.tokenHash, hashToken(mfaToken)));
    expect(stored?.adminId).toBe(admin.id);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    const signedIn = await post('/admin/signin/mfa', { mfa_token: mfaToken, code: await freshTotpCode(server.app, secret) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ ok: true, token: expect.any(String), user: { _id: admin.id, last_login_at: expect.any(String) } });
    expect(String(signedIn.headers['set-cookie'])).toContain('ap_session=');
    expect(await sessionCount(admin.id)).toBe(before + 1);
    const session = signedIn.json<Answer>().token;
    expect((await server.app.inject({ method: 'GET', url: '/api/admin/mfa', headers: { authorization: `JWT ${session}` } })).statusCode).toBe(200);

    const reused = await post('/admin/signin/mfa', { mfa_token: mfaToken, code: await freshTotpCode(server.app, secret) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ ok: false, code: 'INVALID_TOKEN' });
  });

  it('takes each code once: the code that signed in opens no second sign-in, nor re-authenticates', async () => {
    const admin = await adminOn();
    const { secret } = await enrol(admin);
    const code = await freshTotpCode(server.app, secret);
    expect((await post('/admin/signin/mfa', { mfa_token: await passwordStep(admin.email), code })).statusCode).toBe(200);
    const replayed = await post('/admin/signin/mfa', { mfa_token: await passwordStep(admin.email), code });
    expect(replayed.json()).toEqual({ ok: false, code: 'INVALID_CODE' });
    expect((await admin.call('/admin/reauth', { code })).json()).toEqual({ ok: false, code: 'INVALID_CODE' });
    // The next step's code is a new one.
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect((await post('/admin/signin/mfa', { mfa_token: await passwordStep(admin.email), code: next })).statusCode).toBe(200);
  });

  it('refuses every code, without failing, while the last accepted step is ahead of this server’s clock', async () => {
    const admin = await adminOn();
    const { secret } = await enrol(admin);
    // Another server, its clock minutes ahead, took a code: this one's window is all behind that step.
    const ahead = Math.floor(Date.now() / 30_000) + 10;
    await server.app.db.update(admins).set({ totpLastStep: ahead }).where(eq(admins.id, admin.id));
    const refused = await post('/admin/signin/mfa', { mfa_token: await passwordStep(admin.email), code: await generate({ secret }) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ ok: false, code: 'INVALID_CODE' });
  });

  it('refuses a wrong code as a failed sign-in and keeps the token for the right one', async () => {
    const admin = await adminOn();
    const { secret } = await enrol(admin);
    const mfaToken = await passwordStep(admin.email);
    const wrong = await post('/admin/signin/mfa', { mfa_token: mfaToken, code: '000000' === (await freshTotpCode(server.app, secret)) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ ok: false, code: 'INVALID_CODE' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(await actionsOf(admin.id)).toContain('failed_sign_in');
    expect((await post('/admin/signin/mfa', { mfa_token: mfaToken, code: await freshTotpCode(server.app, secret) })).statusCode).toBe(200);
  });

  it('refuses an expired token and one of another admin’s making', async () => {
    const admin = await adminOn();
    const { secret } = await enrol(admin);
    const mfaToken = await passwordStep(admin.email);
    await server.app.db
      .update(mfaTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mfaTokens.tokenHash, hashToken(mfaToken)));
    const expired = await post('/admin/signin/mfa', { mfa_token: mfaToken, code: await freshTotpCode(server.app, secret) });
    expect(expired.json()).toEqual({ ok: false, code: 'INVALID_TOKEN' });
    const made = await post('/admin/signin/mfa', { mfa_token: 'made-up-token', code: await freshTotpCode(server.app, secret) });
    expect(made.statusCode).toBe(401);
  });

  it('takes each recovery code once, whatever its case or dashes', async () => {
    const admin = await adminOn();
    const { recoveryCodes: codes } = await enrol(admin);
    const [code] = codes as [string];
    const first = await post('/admin/signin/mfa', { mfa_token: await passwordStep(admin.email), code: code.toUpperCase().replace('-', ' ') });
    expect(first.statusCode).toBe(200);
    expect(await actionsOf(admin.id)).toContain('recovery_code_used');
    expect((await admin.call('/admin/mfa', undefined, 'GET')).json()).toMatchObject({ data: { recovery_codes_left: 9 } });
    const second = await post('/admin/signin/mfa', { mfa_token: await passwordStep(admin.email), code });
    expect(second.statusCode).toBe(401);
    expect(second.json()).toEqual({ ok: false, code: 'INVALID_CODE' });
  });

  it('throttles wrong codes like wrong passwords, and a right password gives no fresh allowance', async () => {
    const limited = await buildTestServer({ authRateLimit: { max: 3, windowSeconds: 900 } });
    try {
      const admin = await adminOn(limited.app);
      const setup = (await admin.call('/admin/mfa/totp/setup')).json<{ data: { secret: string } }>();
      const { secret } = setup.data;
      await admin.call('/admin/mfa/totp/confirm', { code: await freshTotpCode(limited.app, secret) });
      const right = await freshTotpCode(limited.app, secret);
      const wrongCode = right === '000000' ? '111111' : '000000';
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const mfaToken = await passwordStep(admin.email, limited.app);
        expect((await post('/admin/signin/mfa', { mfa_token: mfaToken, code: wrongCode }, limited.app)).statusCode).toBe(401);
      }
      const blocked = await post('/admin/signin', { email: admin.email, password: TEST_PASSWORD }, limited.app);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ ok: false, code: 'RATE_LIMITED' });
    } finally {
      await limited.close();
    }
  });

  it('throttles the code step itself once over the allowance, even with the right code', async () => {
    const limited = await buildTestServer({ authRateLimit: { max: 2, windowSeconds: 900 } });
    try {
      const admin = await adminOn(limited.app);
      const { data } = (await admin.call('/admin/mfa/totp/setup')).json<{ data: { secret: string } }>();
      await admin.call('/admin/mfa/totp/confirm', { code: await freshTotpCode(limited.app, data.secret) });
      const mfaToken = await passwordStep(admin.email, limited.app);
      for (const code of ['not-a-code', 'still-not'])
        expect((await post('/admin/signin/mfa', { mfa_token: mfaToken, code }, limited.app)).statusCode).toBe(401);
      const blocked = await post('/admin/signin/mfa', { mfa_token: mfaToken, code: await freshTotpCode(limited.app, data.secret) }, limited.app);
      expect(blocked.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('a password reset', () => {
  async function requestLink(email: string): Promise<string> {
    await post('/admin/forgot_password', { email });
    await server.app.background.idle();
    // The account's notices (an authenticator added) go to the same address: the link is in the reset mail.
    const mails = await server.app.db.select().from(outbox).where(eq(outbox.recipient, email));
    const token = mails.map((mail) => mail.body.match(/\/auth\/reset\?token=([\w%-]+)/)?.[1]).find(Boolean);
    if (!token) throw new Error('no link in the outbox');
    return decodeURIComponent(token);
  }

  it('changes the password but opens no session without the second factor', async () => {
    const admin = await adminOn();
    const { secret } = await enrol(admin);
    const reset = await post('/admin/forgot_password_reset', { password: 'brand-new-1', password1: 'brand-new-1', token: await requestLink(admin.email) });
    expect(reset.statusCode).toBe(401);
    expect(reset.json()).toEqual({ ok: false, code: 'MFA_REQUIRED', mfa_token: expect.any(String), mfa_methods: ['totp'] });
    expect(reset.headers['set-cookie']).toBeUndefined();
    expect(await sessionCount(admin.id)).toBe(0);
    await passwordStep(admin.email, server.app, 'brand-new-1');
    const signedIn = await post('/admin/signin/mfa', { mfa_token: reset.json<Answer>().mfa_token!, code: await freshTotpCode(server.app, secret) });
    expect(signedIn.statusCode).toBe(200);
  });
});

describe('managing the factor', () => {
  it('disables with the password only, taking the codes with it', async () => {
    const admin = await adminOn();
    await enrol(admin);
    const wrong = await admin.call('/admin/mfa/totp/disable', { password: 'not-it-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ ok: false, code: 'WRONG_PASSWORD' });
    expect((await admin.call('/admin/mfa', undefined, 'GET')).json()).toMatchObject({ data: { totp_enabled: true } });

    expect((await admin.call('/admin/mfa/totp/disable', { password: TEST_PASSWORD })).json()).toEqual({ ok: true });
    expect((await admin.call('/admin/mfa', undefined, 'GET')).json()).toEqual({ ok: true, data: { totp_enabled: false, recovery_codes_left: 0, passkeys: 0 } });
    expect(await server.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.adminId, admin.id))).toEqual([]);
    const [row] = await server.app.db.select().from(admins).where(eq(admins.id, admin.id));
    expect(row?.totpSecret).toBeNull();
    expect((await post('/admin/signin', { email: admin.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(await actionsOf(admin.id)).toContain('mfa_disable');
    expect((await admin.call('/admin/mfa/totp/disable', { password: TEST_PASSWORD })).json()).toEqual({ ok: false, code: 'MFA_NOT_ENABLED' });
  });

  it('regenerates the recovery codes with a current code, voiding the old ones', async () => {
    const admin = await adminOn();
    const { secret, recoveryCodes: old } = await enrol(admin);
    const refused = await admin.call('/admin/mfa/recovery_codes/regenerate', { code: 'wrong1' });
    expect(refused.json()).toEqual({ ok: false, code: 'INVALID_CODE' });
    const fresh = (await admin.call('/admin/mfa/recovery_codes/regenerate', { code: await freshTotpCode(server.app, secret) })).json<{
      data: { recovery_codes: string[] };
    }>().data.recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(await actionsOf(admin.id)).toContain('recovery_codes_regenerate');
    expect((await post('/admin/signin/mfa', { mfa_token: await passwordStep(admin.email), code: old[0]! })).json()).toEqual({
      ok: false,
      code: 'INVALID_CODE',
    });
    expect((await post('/admin/signin/mfa', { mfa_token: await passwordStep(admin.email), code: fresh[0]! })).statusCode).toBe(200);
  });

  it('throttles wrong passwords and codes per admin', async () => {
    const limited = await buildTestServer({ authRateLimit: { max: 2, windowSeconds: 900 } });
    try {
      const admin = await adminOn(limited.app);
      const { data } = (await admin.call('/admin/mfa/totp/setup')).json<{ data: { secret: string } }>();
      await admin.call('/admin/mfa/totp/confirm', { code: await freshTotpCode(server.app, data.secret) });
      for (let attempt = 0; attempt < 2; attempt += 1) expect((await admin.call('/admin/mfa/totp/disable', { password: 'not-it-1' })).statusCode).toBe(400);
      expect((await admin.call('/admin/mfa/totp/disable', { password: TEST_PASSWORD })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('MFA_REQUIRED_ROLES', () => {
  it('leaves an admin of such a role without a second factor only the Security tab (enrolment, own sessions) and signing out, until confirmed', async () => {
    const guarded = await buildTestServer({ mfaRequiredRoles: ['owner'] });
    try {
      const admin = await adminOn(guarded.app);
      const signin = await post('/admin/signin', { email: admin.email, password: TEST_PASSWORD }, guarded.app);
      expect(signin.json()).toMatchObject({ ok: true, mfa_enrolment_required: true });
      const refused = await admin.call('/admin/search', {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ ok: false, code: 'MFA_ENROLMENT_REQUIRED' });
      expect((await admin.call('/admin/mfa', undefined, 'GET')).statusCode).toBe(200);
      // The Security tab that enrols also lists the admin's sessions.
      expect((await admin.call('/admin/sessions', undefined, 'GET')).statusCode).toBe(200);
      const { data } = (await admin.call('/admin/mfa/totp/setup')).json<{ data: { secret: string } }>();
      expect((await admin.call('/admin/mfa/totp/confirm', { code: await freshTotpCode(guarded.app, data.secret) })).statusCode).toBe(200);
      expect((await admin.call('/admin/search', {})).statusCode).toBe(200);

      // Another role is not held back.
      const { email } = await insertAdmin(guarded.app, { role: 'support' });
      const support = await post('/admin/signin', { email, password: TEST_PASSWORD }, guarded.app);
      expect(support.json()).not.toHaveProperty('mfa_enrolment_required');
    } finally {
      await guarded.close();
    }
  });

  it('is owner and finance in production, nobody in development and test, and refuses an unknown role', () => {
    const base = { DATA_DIR: ':memory:', CONSOLE_DIR: './x' };
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).mfaRequiredRoles).toEqual([]);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).mfaRequiredRoles).toEqual([]);
    expect(loadConfig({ ...base, NODE_ENV: 'test', MFA_REQUIRED_ROLES: 'finance, support' }).mfaRequiredRoles).toEqual(['finance', 'support']);
    expect(() => loadConfig({ ...base, NODE_ENV: 'test', MFA_REQUIRED_ROLES: 'owner,boss' })).toThrow(/MFA_REQUIRED_ROLES/);
    expect(loadConfig({ ...base, NODE_ENV: 'production', REGISTRY_TOKEN: 'r'.repeat(32), METRICS_TOKEN: 'm'.repeat(32) }).mfaRequiredRoles).toEqual([
      'owner',
      'finance',
    ]);
  });
});

describe('secrecy', () => {
  it('never answers, logs or audits the key after setup, nor any code', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const database = await openTestDatabase();
    const app = await buildApp(testConfig({ logLevel: 'debug' }), { database, logStream: stream });
    try {
      const admin = await adminOn(app);
      const { data } = (await admin.call('/admin/mfa/totp/setup')).json<{ data: { secret: string } }>();
      const enabling = await freshTotpCode(app, data.secret);
      const confirmed = await admin.call('/admin/mfa/totp/confirm', { code: enabling });
      const codes = confirmed.json<{ data: { recovery_codes: string[] } }>().data.recovery_codes;
      const mfaToken = (await post('/admin/signin', { email: admin.email, password: TEST_PASSWORD }, app)).json<Answer>().mfa_token!;
      const signedIn = await post('/admin/signin/mfa', { mfa_token: mfaToken, code: codes[0]! }, app);
      const answers = [
        signedIn.body,
        (await admin.call('/admin/mfa', undefined, 'GET')).body,
        (await admin.call(`/admin/${admin.id}`, undefined, 'GET')).body,
        (await admin.call('/admin/search', {})).body,
        (await admin.call('/admin/mfa/totp/setup')).body,
      ].join('\n');
      const audit = JSON.stringify(
        await app.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.entityId, admin.id))),
      );
      const log = lines.join('');
      expect(log).toContain('/api/admin/mfa/totp/confirm');
      for (const secret of [data.secret, codes[0]!, codes[1]!, mfaToken]) {
        expect(answers).not.toContain(secret);
        expect(audit).not.toContain(secret);
        expect(log).not.toContain(secret);
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});
