import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, outbox } from '../../server/db/schema';
import { issueAuthToken } from '../../server/lib/authTokens';
import type { SecurityEvent } from '../../shared/contract/securityEvents';
import { softAuthenticator } from '../helpers/softAuthenticator';
import { freshTotpCode } from '../helpers/totp';
import { buildTestServer, insertAdmin, TEST_PASSWORD, type TestServer } from '../helpers/testServer';

let server: TestServer;
let consoleOrigin: string;
beforeAll(async () => {
  server = await buildTestServer();
  consoleOrigin = new URL(server.app.config.consoleUrl).origin;
});
afterAll(() => server.close());

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const HOME = '198.51.100.7';
const ELSEWHERE = '203.0.113.9';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const send = (method: Method, url: string, options: { payload?: object; token?: string; ip?: string } = {}) =>
  server.app.inject({
    method,
    url: `/api${url}`,
    headers: { 'user-agent': CHROME, ...(options.token ? { authorization: `JWT ${options.token}` } : {}) },
    remoteAddress: options.ip ?? HOME,
    ...(options.payload ? { payload: options.payload } : {}),
  });

/** An admin signed in from Chrome at HOME, and calls as them from there. */
async function signedIn(name = 'Nora Vidal') {
  const { id, email } = await insertAdmin(server.app, { name });
  const token = (await send('POST', '/admin/signin', { payload: { email, password: TEST_PASSWORD } })).json<{ token: string }>().token;
  const call = (method: Method, url: string, payload?: object): Promise<LightMyRequestResponse> => send(method, url, { payload, token });
  return { id, email, name, call };
}

const mailsTo = (email: string) => server.app.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(asc(outbox.createdAt));

/** The notice's one shape: what, when, from where, what to do; no link, and none of the secrets the change involved. */
async function expectOneNotice(email: string, subject: RegExp, secrets: string[] = []) {
  const mails = await mailsTo(email);
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  expect(mail?.subject).toMatch(subject);
  const body = mail?.body ?? '';
  expect(body).toMatch(/^When: \d{4}-\d\d-\d\d \d\d:\d\d UTC$/m);
  expect(body).toContain(`From: Chrome 131 on Linux, address ${HOME}`);
  expect(body).toContain('If it was not, tell another administrator at once');
  expect(body).not.toMatch(/https?:|token=/i);
  for (const secret of secrets) expect(body).not.toContain(secret);
  return body;
}

describe('the account is told of each change to how it signs in', () => {
  it('a password change, in the same transaction, with neither password in it; a refused one tells nothing', async () => {
    const admin = await signedIn();
    const wrong = await admin.call('POST', '/admin/reset_password', {
      password: 'not-my-pass-1',
      newPassword: 'brand-new-pass-9',
      verifyPassword: 'brand-new-pass-9',
    });
    expect(wrong.statusCode).toBe(400);
    expect(await mailsTo(admin.email)).toHaveLength(0);
    const changed = await admin.call('POST', '/admin/reset_password', {
      password: TEST_PASSWORD,
      newPassword: 'brand-new-pass-9',
      verifyPassword: 'brand-new-pass-9',
    });
    expect(changed.json()).toEqual({ ok: true });
    const body = await expectOneNotice(admin.email, /your password was changed/, [TEST_PASSWORD, 'brand-new-pass-9']);
    expect(body).toContain(`Hello ${admin.name},`);
  });

  it('a password reset through an e-mailed link, without the link', async () => {
    const { id, email } = await insertAdmin(server.app);
    const token = await issueAuthToken(server.app.db, id, 'reset');
    const reset = await send('POST', '/admin/forgot_password_reset', { payload: { password: 'brand-new-pass-9', password1: 'brand-new-pass-9', token } });
    expect(reset.statusCode).toBe(200);
    await expectOneNotice(email, /your password was reset/, [token, 'brand-new-pass-9']);
  });

  it('TOTP turned on, its recovery codes replaced, and turned off: each told, never the key nor a code', async () => {
    const admin = await signedIn();
    const { secret } = (await admin.call('POST', '/admin/mfa/totp/setup')).json<{ data: { secret: string } }>().data;
    expect(await mailsTo(admin.email)).toHaveLength(0);
    const confirmed = await admin.call('POST', '/admin/mfa/totp/confirm', { code: await freshTotpCode(server.app, secret) });
    expect(confirmed.statusCode).toBe(200);
    const firstCodes = confirmed.json<{ data: { recovery_codes: string[] } }>().data.recovery_codes;
    await expectOneNotice(admin.email, /an authenticator app was added/, [secret, ...firstCodes]);

    await server.app.db.delete(outbox).where(eq(outbox.recipient, admin.email));
    const code = await freshTotpCode(server.app, secret);
    const regenerated = await admin.call('POST', '/admin/mfa/recovery_codes/regenerate', { code });
    expect(regenerated.statusCode).toBe(200);
    const newCodes = regenerated.json<{ data: { recovery_codes: string[] } }>().data.recovery_codes;
    await expectOneNotice(admin.email, /your recovery codes were replaced/, [secret, code, ...firstCodes, ...newCodes]);

    await server.app.db.delete(outbox).where(eq(outbox.recipient, admin.email));
    expect((await admin.call('POST', '/admin/mfa/totp/disable', { password: TEST_PASSWORD })).statusCode).toBe(200);
    await expectOneNotice(admin.email, /your authenticator app was removed/, [secret, TEST_PASSWORD]);
  });

  it('a passkey added and removed, by its name, never its key material', async () => {
    const admin = await signedIn();
    const authenticator = softAuthenticator(consoleOrigin);
    const options = (await admin.call('POST', '/admin/passkeys/options')).json<{ data: Parameters<typeof authenticator.create>[0] }>().data;
    const credential = authenticator.create(options);
    const added = await admin.call('POST', '/admin/passkeys', { name: 'Work laptop', credential });
    expect(added.statusCode).toBe(200);
    const body = await expectOneNotice(admin.email, /a passkey was added/, [credential.id, credential.response.attestationObject]);
    expect(body).toContain('“Work laptop”');

    await server.app.db.delete(outbox).where(eq(outbox.recipient, admin.email));
    expect((await admin.call('DELETE', `/admin/passkeys/${added.json<{ data: { _id: string } }>().data._id}`)).statusCode).toBe(200);
    expect(await expectOneNotice(admin.email, /a passkey was removed/)).toContain('“Work laptop”');
  });

  it('an e-mail change tells the old address in the same shape, naming the owner who made it', async () => {
    const owner = await signedIn('Olga Owner');
    const target = await insertAdmin(server.app, { name: 'Tom Target' });
    const moved = `moved-${target.id}@example.com`;
    expect((await owner.call('PUT', `/admin/${target.id}`, { email: moved })).statusCode).toBe(200);
    const body = await expectOneNotice(target.email, /your sign-in address was changed/);
    expect(body).toContain(`Olga Owner changed the sign-in address of your account from ${target.email} to ${moved}.`);
  });
});

describe('GET /admin/security_events', () => {
  const eventsOf = async (admin: Awaited<ReturnType<typeof signedIn>>) => {
    const response = await admin.call('GET', '/admin/security_events');
    expect(response.statusCode).toBe(200);
    return response.json<{ ok: true; data: SecurityEvent[] }>().data;
  };

  it("answers the admin's own sign-ins with browser and address, failed attempts, and another owner's change, newest first", async () => {
    const admin = await signedIn();
    const other = await signedIn('Olga Owner');
    // A guess at the admin's password from elsewhere, and one at the other admin's: only the first is the admin's.
    expect((await send('POST', '/admin/signin', { payload: { email: admin.email, password: 'guessed-pass-1' }, ip: ELSEWHERE })).statusCode).toBe(401);
    expect((await send('POST', '/admin/signin', { payload: { email: other.email, password: 'guessed-pass-2' }, ip: ELSEWHERE })).statusCode).toBe(401);
    expect((await other.call('PUT', `/admin/${admin.id}`, { role: 'finance' })).statusCode).toBe(200);

    const events = await eventsOf(admin);
    expect(events.map((event) => event.action)).toEqual(['update', 'failed_sign_in', 'sign_in']);
    const [roleChange, failed, signIn] = events;
    expect(signIn).toEqual({
      _id: expect.any(String),
      action: 'sign_in',
      created_at: expect.any(String),
      ip: HOME,
      browser: 'Chrome 131 on Linux',
      by: null,
      detail: null,
    });
    expect(failed).toMatchObject({ action: 'failed_sign_in', ip: ELSEWHERE, browser: 'Chrome 131 on Linux', by: null });
    expect(roleChange).toMatchObject({ action: 'update', by: 'Olga Owner', detail: 'role: owner → finance' });
    // Nothing of the other admin's, nor what they did elsewhere (their own sign-in and failed one).
    expect(JSON.stringify(events)).not.toContain(other.email);
    expect((await eventsOf(other)).map((event) => event.action)).toEqual(['failed_sign_in', 'sign_in']);
  });

  it('lists factor changes and re-authentication failures, with no secret, and not changes of other records', async () => {
    const admin = await signedIn();
    const { secret } = (await admin.call('POST', '/admin/mfa/totp/setup')).json<{ data: { secret: string } }>().data;
    const code = await freshTotpCode(server.app, secret);
    const codes = (await admin.call('POST', '/admin/mfa/totp/confirm', { code })).json<{ data: { recovery_codes: string[] } }>().data.recovery_codes;
    expect((await admin.call('POST', '/admin/reauth', { password: 'not-my-pass-1' })).statusCode).toBe(400);
    expect((await admin.call('PUT', '/admin', { name: 'Only a new name' })).statusCode).toBe(200);

    const events = await eventsOf(admin);
    expect(events.map((event) => event.action)).toEqual(['failed_reauth', 'mfa_enable', 'sign_in']);
    const answered = JSON.stringify(events);
    for (const value of [secret, code, ...codes, 'not-my-pass-1']) expect(answered).not.toContain(value);
    // Only the account's own events keep the browser: a save of a record keeps what changed, nothing more.
    const [rename] = await server.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, admin.id), eq(auditEvents.action, 'update')));
    expect(rename?.changes).toEqual({ name: [admin.name, 'Only a new name'] });
  });

  it('keeps to the newest 20', async () => {
    const admin = await signedIn();
    for (let index = 0; index < 21; index += 1)
      await send('POST', '/admin/signin', { payload: { email: admin.email, password: TEST_PASSWORD }, ip: `192.0.2.${index}` });
    const events = await eventsOf(admin);
    expect(events).toHaveLength(20);
    expect(events[0]?.ip).toBe('192.0.2.20');
  });
});
