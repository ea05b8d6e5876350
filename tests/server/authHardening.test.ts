import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../server/db/schema';
import { issueAuthToken } from '../../server/lib/authTokens';
import { isCommonPassword } from '../../server/lib/passwordPolicy';
import { boundedConcurrency } from '../../server/lib/boundedConcurrency';
import { hashingLoad } from '../../server/lib/passwords';
import { RateLimitedError } from '../../server/lib/errors';
import { TEST_PASSWORD, buildTestServer, insertAdmin, signIn, signedInAdmin, type TestServer } from '../helpers/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ authRateLimit: { max: 2, windowSeconds: 900 } });
});
afterAll(() => server.close());

const post = (url: string, payload: object, options: { ip?: string; headers?: Record<string, string> } = {}) =>
  server.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: options.headers ?? {}, remoteAddress: options.ip ?? '127.0.0.1' });

async function lastMailTo(email: string) {
  await server.app.background.idle();
  const rows = await server.app.db.select().from(outbox).where(eq(outbox.recipient, email));
  return rows.at(-1);
}

describe('sign-in throttling counts failures only', () => {
  it('never refuses an admin for signing in often', async () => {
    const { email } = await insertAdmin(server.app);
    for (let index = 0; index < 5; index += 1) expect((await post('/admin/signin', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses one client after its failures on an address, with Retry-After, while another client still signs in', async () => {
    const { email } = await insertAdmin(server.app);
    for (let index = 0; index < 2; index += 1) {
      expect((await post('/admin/signin', { email, password: 'wrong-pass-1' }, { ip: '203.0.113.7' })).statusCode).toBe(401);
    }
    const blocked = await post('/admin/signin', { email, password: TEST_PASSWORD }, { ip: '203.0.113.7' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ ok: false, code: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect((await post('/admin/signin', { email, password: TEST_PASSWORD }, { ip: '198.51.100.4' })).statusCode).toBe(200);
  });

  it('forgets an address’s failures after a success', async () => {
    const { email } = await insertAdmin(server.app);
    const ip = '203.0.113.20';
    for (let round = 0; round < 2; round += 1) {
      expect((await post('/admin/signin', { email, password: 'wrong-pass-1' }, { ip })).statusCode).toBe(401);
      expect((await post('/admin/signin', { email, password: TEST_PASSWORD }, { ip })).statusCode).toBe(200);
    }
  });

  it('refuses a client that fails on many addresses, past five times an address’s allowance', async () => {
    const ip = '203.0.113.99';
    for (let index = 0; index < 10; index += 1) {
      expect((await post('/admin/signin', { email: `nobody-${index}@example.com`, password: 'wrong-pass-1' }, { ip })).statusCode).toBe(401);
    }
    const blocked = await post('/admin/signin', { email: 'another@example.com', password: 'wrong-pass-1' }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

describe('password reset from a link', () => {
  it('refuses bogus tokens before hashing anything: ten calls answer in well under one hash time', async () => {
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        post('/admin/forgot_password_reset', { password: 'brand-new-pass-9', password1: 'brand-new-pass-9', token: `bogus-${index}` }, { ip: '192.0.2.1' }),
      ),
    );
    for (const answer of answers) expect(answer.json()).toEqual({ ok: false, code: 'INVALID_TOKEN' });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(hashingLoad().active).toBe(0);
  });

  it('is rate limited per client, with Retry-After', async () => {
    const ip = '192.0.2.2';
    let last;
    for (let index = 0; index < 11; index += 1) last = await post('/admin/forgot_password_reset', { password: 'x', token: 'bogus' }, { ip });
    expect(last?.statusCode).toBe(429);
    expect(last?.headers['retry-after']).toBeDefined();
  });

  it('ends every other link of the admin once one is used', async () => {
    const { id, email } = await insertAdmin(server.app);
    const first = await issueAuthToken(server.app.db, id, 'reset');
    const second = await issueAuthToken(server.app.db, id, 'reset');
    expect((await post('/admin/forgot_password_reset', { password: 'brand-new-pass-9', token: first })).json()).toMatchObject({ ok: true, user: { email } });
    expect((await post('/admin/forgot_password_reset', { password: 'other-new-pass-9', token: second })).json()).toEqual({ ok: false, code: 'INVALID_TOKEN' });
  });
});

describe('password change (signed in)', () => {
  it('ends the admin’s other sessions and the links still out', async () => {
    const admin = await signedInAdmin(server.app);
    const { token: otherSession } = await signIn(server.app, admin.email);
    const link = await issueAuthToken(server.app.db, admin.id, 'reset');
    const changed = await admin.call('POST', '/admin/reset_password', {
      password: TEST_PASSWORD,
      newPassword: 'changed-pass-22',
      verifyPassword: 'changed-pass-22',
    });
    expect(changed.json()).toEqual({ ok: true });
    expect((await post('/admin/search', {}, { headers: { authorization: `JWT ${otherSession}` } })).statusCode).toBe(401);
    expect((await admin.call('POST', '/admin/search', {})).statusCode).toBe(200);
    expect((await post('/admin/forgot_password_reset', { password: 'brand-new-pass-9', token: link })).json()).toEqual({ ok: false, code: 'INVALID_TOKEN' });
  });
});

describe('changing an admin’s e-mail', () => {
  it('tells the old address, ends that admin’s sessions and links', async () => {
    const me = await signedInAdmin(server.app);
    const target = await signedInAdmin(server.app);
    const link = await issueAuthToken(server.app.db, target.id, 'reset');
    const changed = await me.call('PUT', `/admin/${target.id}`, { email: `moved-${target.id}@example.com` });
    expect(changed.json()).toMatchObject({ ok: true, data: { email: `moved-${target.id}@example.com` } });
    const notice = await lastMailTo(target.email);
    expect(notice?.subject).toMatch(/sign-in address was changed/);
    expect(notice?.body).toContain(`moved-${target.id}@example.com`);
    expect((await target.call('POST', '/admin/search', {})).statusCode).toBe(401);
    expect((await post('/admin/forgot_password_reset', { password: 'brand-new-pass-9', token: link })).json()).toEqual({ ok: false, code: 'INVALID_TOKEN' });
  });

  it('keeps the session of an admin who changes their own e-mail, and still tells the old address', async () => {
    const me = await signedInAdmin(server.app);
    const changed = await me.call('PUT', '/admin', { email: `self-${me.id}@example.com` });
    expect(changed.json()).toMatchObject({ ok: true });
    expect((await me.call('POST', '/admin/search', {})).statusCode).toBe(200);
    expect((await lastMailTo(me.email))?.subject).toMatch(/sign-in address was changed/);
  });

  it('sends nothing and ends nothing when only the name changes', async () => {
    const me = await signedInAdmin(server.app);
    const target = await signedInAdmin(server.app);
    expect((await me.call('PUT', `/admin/${target.id}`, { name: 'Renamed' })).json()).toMatchObject({ ok: true });
    expect(await lastMailTo(target.email)).toBeUndefined();
    expect((await target.call('POST', '/admin/search', {})).statusCode).toBe(200);
  });

  it('refuses an update with no recognised field', async () => {
    const me = await signedInAdmin(server.app);
    for (const [url, payload] of [
      ['/admin', {}],
      [`/admin/${me.id}`, { unknown: 1 }],
    ] as const) {
      const response = await me.call('PUT', url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('forgot password', () => {
  it('answers a known address without waiting for the link to be made and mailed', async () => {
    const { email } = await insertAdmin(server.app);
    const queue = server.app.mail.queue;
    // The mail waits for the test's word: an answer that waited for it would never come.
    let send = () => undefined as void;
    const held = new Promise<void>((resolve) => (send = resolve));
    let queued = false;
    server.app.mail.queue = async (...args) => {
      await held;
      queued = true;
      return queue(...args);
    };
    try {
      const response = await post('/admin/forgot_password', { email }, { ip: '192.0.2.50' });
      expect(response.json()).toEqual({ ok: true });
      expect(queued).toBe(false);
      send();
      expect((await lastMailTo(email))?.subject).toMatch(/reset your password/);
    } finally {
      send();
      server.app.mail.queue = queue;
    }
  });
});

describe('the Authorization header', () => {
  it('refuses a token followed by anything', async () => {
    const admin = await signedInAdmin(server.app);
    for (const authorization of [`JWT ${admin.token} junk`, `JWT  ${admin.token}`, `jwt ${admin.token}`, `JWT ${admin.token},x`]) {
      expect((await post('/admin/search', {}, { headers: { authorization } })).statusCode).toBe(401);
    }
    expect((await post('/admin/search', {}, { headers: { authorization: `JWT ${admin.token}` } })).statusCode).toBe(200);
  });
});

describe('new passwords', () => {
  it('refuses the most common passwords and repeated blocks, which the shown rule lets through', async () => {
    for (const password of ['aaaaaa', 'password1', 'azerty123', 'abcabcabc', 'qwerty1']) expect(isCommonPassword(password)).toBe(true);
    for (const password of ['brand-new-pass-9', 'Lumière du matin 7']) expect(isCommonPassword(password)).toBe(false);
    const admin = await signedInAdmin(server.app);
    const refused = await admin.call('POST', '/admin/reset_password', { password: TEST_PASSWORD, newPassword: 'aaaaaa', verifyPassword: 'aaaaaa' });
    expect(refused.json()).toEqual({ ok: false, code: 'WEAK_PASSWORD' });
  });
});

describe('bounded hashing', () => {
  it('runs a bounded number of tasks, queues a few, and refuses the rest at once with 429 and a wait', async () => {
    const gate = boundedConcurrency(2, 3, 2);
    const releases: Array<() => void> = [];
    const task = () => new Promise<string>((resolve) => releases.push(() => resolve('done')));
    const calls = Array.from({ length: 7 }, () =>
      gate(task).then(
        (value) => value,
        (error: unknown) => error,
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(gate.active).toBe(2);
    expect(gate.waiting).toBe(3);
    while (releases.length) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const outcomes = await Promise.all(calls);
    expect(outcomes.filter((outcome) => outcome === 'done')).toHaveLength(5);
    const refused = outcomes.filter((outcome) => outcome instanceof RateLimitedError);
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({ status: 429, retryAfterSeconds: 2 });
  });
});
