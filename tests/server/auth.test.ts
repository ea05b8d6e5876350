import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, outbox } from '../../server/db/schema';
import { issueAuthToken } from '../../server/lib/authTokens';
import { hashToken } from '../../server/lib/ids';
import { TEST_PASSWORD, buildTestServer, insertAdmin, signIn, signedInAdmin, type TestServer } from '../helpers/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(() => server.close());

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

describe('POST /admin/signin', () => {
  it('signs in with the right password: token, user without hash, httpOnly cookie, last login set', async () => {
    const { email } = await insertAdmin(server.app);
    const { response, token, user } = await signIn(server.app, email);
    expect(response.statusCode).toBe(200);
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(user).toMatchObject({ email, name: 'Test Admin' });
    expect(JSON.stringify(user)).not.toMatch(/password|hash|scrypt/i);
    expect((user as { last_login_at?: string }).last_login_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain(`ap_session=${token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('matches the e-mail without regard to case', async () => {
    const { email } = await insertAdmin(server.app, { email: 'Mixed.Case@Example.com' });
    expect(email).toBe('Mixed.Case@Example.com');
    const response = await post('/admin/signin', { email: 'mixed.case@example.com', password: TEST_PASSWORD });
    expect(response.json()).toMatchObject({ ok: true });
  });

  it('refuses a wrong password and an unknown address alike', async () => {
    const { email } = await insertAdmin(server.app);
    const wrong = await post('/admin/signin', { email, password: 'not-it-1' });
    const unknown = await post('/admin/signin', { email: 'nobody@example.com', password: 'whatever1' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ ok: false, code: 'INVALID_CREDENTIALS' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses an admin who has not set a password yet', async () => {
    const { email } = await insertAdmin(server.app, { withPassword: false });
    const response = await post('/admin/signin', { email, password: TEST_PASSWORD });
    expect(response.json()).toEqual({ ok: false, code: 'INVALID_CREDENTIALS' });
  });

  it('answers VALIDATION_ERROR with the fields for a bad body', async () => {
    const response = await post('/admin/signin', { email: 'not-an-email', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR', errors: { email: expect.any(String), password: expect.any(String) } });
  });

  it('answers INVALID_JSON for a malformed body and UNSUPPORTED_MEDIA_TYPE for a form post', async () => {
    const malformed = await server.app.inject({
      method: 'POST',
      url: '/api/admin/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ ok: false, code: 'INVALID_JSON' });
    const form = await server.app.inject({ method: 'POST', url: '/api/admin/signin', headers: { 'content-type': 'text/plain' }, payload: 'email=a' });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ ok: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});

describe('rate limits', () => {
  it('refuses sign-in with RATE_LIMITED past the limit for one address, even with the right password', async () => {
    const limited = await buildTestServer({ authRateLimit: { max: 3, windowSeconds: 900 } });
    try {
      const { email } = await insertAdmin(limited.app);
      const attempt = (password: string) => limited.app.inject({ method: 'POST', url: '/api/admin/signin', payload: { email, password } });
      for (let index = 0; index < 3; index += 1) expect((await attempt('wrong-pass-1')).statusCode).toBe(401);
      const blocked = await attempt(TEST_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ ok: false, code: 'RATE_LIMITED' });
    } finally {
      await limited.close();
    }
  });

  it('stops mailing an address past its limit while answering alike, and refuses a client past five times that', async () => {
    const limited = await buildTestServer({ authRateLimit: { max: 2, windowSeconds: 900 } });
    try {
      const { email } = await insertAdmin(limited.app);
      const ask = (address: string) => limited.app.inject({ method: 'POST', url: '/api/admin/forgot_password', payload: { email: address } });
      for (let index = 0; index < 3; index += 1) expect((await ask(email)).json()).toEqual({ ok: true });
      await limited.app.background.idle();
      expect(await limited.app.db.select().from(outbox).where(eq(outbox.recipient, email))).toHaveLength(2);
      for (let index = 3; index < 10; index += 1) expect((await ask(`other-${index}@example.com`)).statusCode).toBe(200);
      const refused = await ask('one-more@example.com');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ ok: false, code: 'RATE_LIMITED' });
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('GET /admin/signin_token', () => {
  it('trades the session cookie for the token and the user', async () => {
    const { email } = await insertAdmin(server.app);
    const { token } = await signIn(server.app, email);
    const response = await server.app.inject({ method: 'GET', url: '/api/admin/signin_token', cookies: { ap_session: token } });
    expect(response.json()).toMatchObject({ ok: true, token, user: { email } });
  });

  it('answers UNAUTHORIZED without a cookie or with a dead one', async () => {
    const none = await server.app.inject({ method: 'GET', url: '/api/admin/signin_token' });
    const dead = await server.app.inject({ method: 'GET', url: '/api/admin/signin_token', cookies: { ap_session: 'forged' } });
    for (const response of [none, dead]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ ok: false, code: 'UNAUTHORIZED' });
    }
  });
});

describe('POST /admin/logout', () => {
  it('revokes the session on the server and clears the cookie', async () => {
    const admin = await signedInAdmin(server.app);
    const response = await admin.call('POST', '/admin/logout');
    expect(response.json()).toEqual({ ok: true });
    expect(String(response.headers['set-cookie'])).toMatch(/ap_session=;/);
    const after = await admin.call('POST', '/admin/search', {});
    expect(after.statusCode).toBe(401);
    const cookieCheck = await server.app.inject({ method: 'GET', url: '/api/admin/signin_token', cookies: { ap_session: admin.token } });
    expect(cookieCheck.statusCode).toBe(401);
  });

  it('needs a session', async () => {
    const response = await post('/admin/logout');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ ok: false, code: 'UNAUTHORIZED' });
  });
});

describe('the Authorization header', () => {
  it('accepts only the JWT scheme with a live token; the cookie alone opens nothing', async () => {
    const admin = await signedInAdmin(server.app);
    const attempts = [{ authorization: `Bearer ${admin.token}` }, { authorization: 'JWT not-a-token' }, { cookie: `ap_session=${admin.token}` }];
    for (const headers of attempts) {
      const response = await server.app.inject({ method: 'POST', url: '/api/admin/search', headers, payload: {} });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('password recovery', () => {
  async function requestLink(email: string): Promise<string> {
    const response = await post('/admin/forgot_password', { email });
    expect(response.json()).toEqual({ ok: true });
    await server.app.background.idle();
    const [mail] = await server.app.db.select().from(outbox).where(eq(outbox.recipient, email));
    const token = mail?.body.match(/\/auth\/reset\?token=([\w%-]+)/)?.[1];
    if (!token) throw new Error('no link in the outbox');
    return decodeURIComponent(token);
  }

  it('answers the same for an unknown address and sends nothing', async () => {
    const response = await post('/admin/forgot_password', { email: 'ghost@example.com' });
    expect(response.json()).toEqual({ ok: true });
    await server.app.background.idle();
    expect(await server.app.db.select().from(outbox).where(eq(outbox.recipient, 'ghost@example.com'))).toHaveLength(0);
  });

  it('answers a malformed address, or none, alike: ok, and nothing sent', async () => {
    const before = (await server.app.db.select().from(outbox)).length;
    for (const payload of [{ email: 'nope' }, {}, { email: 42 }]) {
      const response = await post('/admin/forgot_password', payload);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    }
    await server.app.background.idle();
    expect(await server.app.db.select().from(outbox)).toHaveLength(before);
  });

  it('sets the new password through the e-mailed link, signs in, and the link works once', async () => {
    const { email } = await insertAdmin(server.app);
    const token = await requestLink(email);
    const reset = await post('/admin/forgot_password_reset', { password: 'brand-new-1', password1: 'brand-new-1', token });
    expect(reset.json()).toMatchObject({ ok: true, user: { email } });
    expect(reset.json().token).toEqual(expect.any(String));
    expect((await post('/admin/signin', { email, password: 'brand-new-1' })).statusCode).toBe(200);
    expect((await post('/admin/signin', { email, password: TEST_PASSWORD })).statusCode).toBe(401);
    const again = await post('/admin/forgot_password_reset', { password: 'another-1', password1: 'another-1', token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ ok: false, code: 'INVALID_TOKEN' });
  });

  it('refuses an expired token', async () => {
    const { id } = await insertAdmin(server.app);
    const token = await issueAuthToken(server.app.db, id, 'reset');
    await server.app.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(token)));
    const response = await post('/admin/forgot_password_reset', { password: 'brand-new-1', token });
    expect(response.json()).toEqual({ ok: false, code: 'INVALID_TOKEN' });
  });

  it('enforces the password rule and the confirmation without using the token up', async () => {
    const { email } = await insertAdmin(server.app);
    const token = await requestLink(email);
    for (const password of ['abc1', '12345678']) {
      const weak = await post('/admin/forgot_password_reset', { password, password1: password, token });
      expect(weak.json()).toEqual({ ok: false, code: 'WEAK_PASSWORD' });
    }
    const mismatch = await post('/admin/forgot_password_reset', { password: 'brand-new-1', password1: 'other-1', token });
    expect(mismatch.json()).toEqual({ ok: false, code: 'PASSWORD_MISMATCH' });
    const fine = await post('/admin/forgot_password_reset', { password: 'brand-new-1', password1: 'brand-new-1', token });
    expect(fine.json()).toMatchObject({ ok: true });
  });

  it('ends the other sessions of the admin', async () => {
    const { email } = await insertAdmin(server.app);
    const { token: oldSession } = await signIn(server.app, email);
    const token = await requestLink(email);
    await post('/admin/forgot_password_reset', { password: 'brand-new-1', token });
    const response = await post('/admin/search', {}, { authorization: `JWT ${oldSession}` });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /admin/reset_password (signed in)', () => {
  it('changes the password when the current one is right and the new ones match', async () => {
    const admin = await signedInAdmin(server.app);
    const response = await admin.call('POST', '/admin/reset_password', {
      password: TEST_PASSWORD,
      newPassword: 'changed-pass-2',
      verifyPassword: 'changed-pass-2',
    });
    expect(response.json()).toEqual({ ok: true });
    expect((await post('/admin/signin', { email: admin.email, password: 'changed-pass-2' })).statusCode).toBe(200);
    // The session that made the change stays open.
    expect((await admin.call('POST', '/admin/search', {})).statusCode).toBe(200);
  });

  it('refuses a wrong current password, a mismatch and a weak password', async () => {
    const admin = await signedInAdmin(server.app);
    const cases = [
      [{ password: 'wrong-pass-1', newPassword: 'changed-pass-2', verifyPassword: 'changed-pass-2' }, 'WRONG_PASSWORD'],
      [{ password: TEST_PASSWORD, newPassword: 'changed-pass-2', verifyPassword: 'changed-pass-3' }, 'PASSWORD_MISMATCH'],
      [{ password: TEST_PASSWORD, newPassword: '123456', verifyPassword: '123456' }, 'WEAK_PASSWORD'],
      [{ password: TEST_PASSWORD }, 'VALIDATION_ERROR'],
    ] as const;
    for (const [payload, code] of cases) {
      const response = await admin.call('POST', '/admin/reset_password', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, code });
    }
    expect((await post('/admin/signin', { email: admin.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const response = await post('/admin/reset_password', { password: 'a', newPassword: 'b', verifyPassword: 'b' });
    expect(response.statusCode).toBe(401);
  });
});
