import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { freshTotpCode } from '../helpers/totp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { admins, auditEvents, companies, creditRequests, impersonationTokens, sessions } from '../../server/db/schema';
import { hashToken } from '../../server/lib/ids';
import { entities } from '../../server/entities';
import type { Resource } from '../../shared/catalogue/permissions';
import { canMake, recordMaker } from '../helpers/declaredRecords';
import { insertCompany, insertUser } from '../helpers/serverFixtures';
import { TEST_PASSWORD, insertAdmin, signIn, signedInAdmin, useSignedInServer, type SignedInAdmin } from '../helpers/testServer';

const MAX_FAILURES = 3;
const ctx = useSignedInServer({ authRateLimit: { max: MAX_FAILURES, windowSeconds: 900 } });

const db = () => ctx.server.app.db;
const STEP_UP_MINUTES = 10;
const REAUTH_REQUIRED = { ok: false, code: 'REAUTH_REQUIRED' };

/** Moves the session's last proof `minutes` into the past, as time passing would. */
const age = (token: string, minutes = STEP_UP_MINUTES + 1) =>
  db()
    .update(sessions)
    .set({ authenticatedAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(sessions.tokenHash, hashToken(token)));

const provenAt = async (token: string) =>
  (
    await db()
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0]?.authenticatedAt;

const eventCount = async () => (await db().select({ total: count() }).from(auditEvents))[0]?.total ?? 0;
const actionsOf = async (adminId: string) =>
  (await db().select().from(auditEvents).where(eq(auditEvents.entityId, adminId)).orderBy(auditEvents.createdAt, auditEvents.id)).map((event) => event.action);

interface Dangerous {
  /** What the call needs, made while the session is fresh. */
  prepare(): Promise<Record<string, string>>;
  run(as: SignedInAdmin, prepared: Record<string, string>): Promise<LightMyRequestResponse>;
  /** The state the call would change, read before and after a refusal. */
  state(prepared: Record<string, string>): Promise<unknown>;
}

const exists = (path: string) => async (p: Record<string, string>) => (await ctx.me.call('GET', `/${path}/${p.id}`)).statusCode;
const adminRow = async (p: Record<string, string>) =>
  (
    await db()
      .select()
      .from(admins)
      .where(eq(admins.id, p.id ?? ''))
  )[0];
const companyBalance = async (p: Record<string, string>) =>
  (
    await db()
      .select()
      .from(companies)
      .where(eq(companies.id, p.id ?? ''))
  )[0]?.creditBalance;

/** One record of any resource with a bulk delete: a declared entity's through its `create.example`, made while the session is fresh. */
const make = (name: string) => recordMaker(ctx.server.app, ctx.me.call)(name as Resource);
/** The entities whose declaration promises a bulk delete (server/entities/). */
const declaredBulkDeletes = () => entities.filter((entity) => entity.remove !== false && entity.remove?.bulk !== false).map((entity) => entity.name);

const bulkDeletes = () =>
  ctx.server.app.routeList
    .filter((route) => route.method === 'POST' && route.url.endsWith('/bulk_delete'))
    .map((route) => route.url.replace('/api/', '').replace('/bulk_delete', ''));

/** Every dangerous call of the contract (issue 32), with a call that succeeds from a fresh session. */
function dangerousCalls(): Record<string, Dangerous> {
  const calls: Record<string, Dangerous> = {
    'POST /user/:id/impersonate': {
      prepare: async () => ({ id: (await insertUser(ctx.server.app)).id }),
      run: (as, p) => as.call('POST', `/user/${p.id}/impersonate`),
      state: async (p) =>
        (
          await db()
            .select()
            .from(impersonationTokens)
            .where(eq(impersonationTokens.userId, p.id ?? ''))
        ).length,
    },
    'POST /user/export': {
      prepare: async () => ({}),
      run: (as) => as.call('POST', '/user/export', {}),
      state: () => eventCount(),
    },
    'DELETE /admin/:id': {
      prepare: async () => ({ id: (await insertAdmin(ctx.server.app)).id }),
      run: (as, p) => as.call('DELETE', `/admin/${p.id}`),
      state: adminRow,
    },
    "PUT /admin/:id (another's e-mail)": {
      prepare: async () => ({ id: (await insertAdmin(ctx.server.app)).id }),
      run: (as, p) => as.call('PUT', `/admin/${p.id}`, { email: `moved-${p.id}@example.com` }),
      state: adminRow,
    },
    "PUT /admin/:id (another's role)": {
      prepare: async () => ({ id: (await insertAdmin(ctx.server.app, { role: 'operations' })).id }),
      run: (as, p) => as.call('PUT', `/admin/${p.id}`, { role: 'finance' }),
      state: adminRow,
    },
    'POST /company/:id/credit': {
      prepare: async () => ({ id: (await insertCompany(ctx.server.app)).id }),
      run: (as, p) => as.call('POST', `/company/${p.id}/credit`, { amount: 10, reason: 'Geste commercial' }),
      state: companyBalance,
    },
    'PUT /company/:id (moving the balance)': {
      prepare: async () => ({ id: (await insertCompany(ctx.server.app, { creditBalance: 5 })).id }),
      run: async (as, p) => {
        const { version } = (await as.call('GET', `/company/${p.id}`)).json().data;
        return as.call('PUT', `/company/${p.id}`, { credit_balance: 15, version });
      },
      state: companyBalance,
    },
    'POST /credit_request/:id/approve': {
      prepare: async () => {
        const requester = await signedInAdmin(ctx.server.app, 'operations');
        const company = await insertCompany(ctx.server.app);
        return { id: (await requester.call('POST', `/company/${company.id}/credit`, { amount: 5000, reason: 'Test' })).json().data._id };
      },
      run: (as, p) => as.call('POST', `/credit_request/${p.id}/approve`),
      state: async (p) =>
        (
          await db()
            .select()
            .from(creditRequests)
            .where(eq(creditRequests.id, p.id ?? ''))
        )[0]?.status,
    },
  };
  for (const name of bulkDeletes()) {
    calls[`POST /${name}/bulk_delete`] = {
      prepare: async () => ({ id: await make(name) }),
      run: (as, p) => as.call('POST', `/${name}/bulk_delete`, { ids: [p.id] }),
      state: exists(name),
    };
  }
  return calls;
}

describe('dangerous calls past STEP_UP_MINUTES', () => {
  it('covers every bulk delete the app serves, each declared one among them, and can make a record for each', () => {
    const served = bulkDeletes();
    expect(declaredBulkDeletes().length).toBeGreaterThan(0);
    expect(served).toEqual(expect.arrayContaining(declaredBulkDeletes()));
    expect(served.filter((name) => !canMake(name))).toEqual([]);
  });

  it('refuses each with 401 REAUTH_REQUIRED, changing nothing and keeping the session', async () => {
    for (const [key, call] of Object.entries(dangerousCalls())) {
      const me = await signedInAdmin(ctx.server.app);
      const prepared = await call.prepare();
      const before = { state: await call.state(prepared), events: await eventCount() };
      await age(me.token);
      const refused = await call.run(me, prepared);
      expect(refused.statusCode, `${key}: ${refused.body}`).toBe(401);
      expect(refused.json(), key).toEqual(REAUTH_REQUIRED);
      expect({ state: await call.state(prepared), events: await eventCount() }, key).toEqual(before);
      expect((await me.call('GET', '/admin/sessions')).statusCode, key).toBe(200);
    }
  }, 120_000);

  it('lets each through once re-authenticated, and from a session proven within the window', async () => {
    for (const [key, call] of Object.entries(dangerousCalls())) {
      const me = await signedInAdmin(ctx.server.app);
      const prepared = await call.prepare();
      await age(me.token);
      expect((await me.call('POST', '/admin/reauth', { password: TEST_PASSWORD })).statusCode, key).toBe(200);
      const answer = await call.run(me, prepared);
      expect(answer.statusCode, `${key}: ${answer.body}`).toBeLessThan(300);

      const within = await signedInAdmin(ctx.server.app);
      const next = await call.prepare();
      await age(within.token, STEP_UP_MINUTES - 1);
      const again = await call.run(within, next);
      expect(again.statusCode, `${key} within the window: ${again.body}`).toBeLessThan(300);
    }
  }, 120_000);

  it('opens a fresh sign-in at once: its proof is the sign-in', async () => {
    const { email } = await insertAdmin(ctx.server.app);
    const { token } = await signIn(ctx.server.app, email);
    expect(Date.now() - ((await provenAt(token))?.getTime() ?? 0)).toBeLessThan(60_000);
    const user = await insertUser(ctx.server.app);
    const answer = await ctx.server.app.inject({ method: 'POST', url: `/api/user/${user.id}/impersonate`, headers: { authorization: `JWT ${token}` } });
    expect(answer.statusCode).toBe(200);
  });

  it('does not refuse the calls that are not dangerous: a user, an admin’s name, a company without its balance', async () => {
    const me = await signedInAdmin(ctx.server.app);
    await age(me.token);
    const user = await insertUser(ctx.server.app);
    expect((await me.call('PUT', `/user/${user.id}`, { name: 'Renamed' })).statusCode).toBe(200);
    const other = await insertAdmin(ctx.server.app);
    expect((await me.call('PUT', `/admin/${other.id}`, { name: 'Renamed' })).statusCode).toBe(200);
    const stored = await adminRow({ id: other.id });
    expect((await me.call('PUT', `/admin/${other.id}`, { email: stored?.email.toUpperCase(), role: stored?.role })).statusCode).toBe(200);
    const company = await insertCompany(ctx.server.app, { creditBalance: 5 });
    const { version } = (await me.call('GET', `/company/${company.id}`)).json().data;
    expect((await me.call('PUT', `/company/${company.id}`, { name: 'Renamed', credit_balance: 5, version })).statusCode).toBe(200);
    expect((await me.call('POST', '/admin/search', {})).statusCode).toBe(200);
  });

  it('answers 403 before REAUTH_REQUIRED to a role that may not make the call at all', async () => {
    const support = await signedInAdmin(ctx.server.app, 'support');
    await age(support.token);
    const refused = await support.call('POST', '/admin/bulk_delete', { ids: ['x'] });
    expect(refused.json()).toEqual({ ok: false, code: 'FORBIDDEN' });
  });
});

describe('POST /admin/reauth', () => {
  const enrolled = async () => {
    const me = await signedInAdmin(ctx.server.app);
    const secret = (await me.call('POST', '/admin/mfa/totp/setup', {})).json().data.secret as string;
    const confirmed = await me.call('POST', '/admin/mfa/totp/confirm', { code: await freshTotpCode(ctx.server.app, secret) });
    return { me, secret, recoveryCodes: confirmed.json().data.recovery_codes as string[] };
  };
  const impersonate = async (me: SignedInAdmin) => (await me.call('POST', `/user/${(await insertUser(ctx.server.app)).id}/impersonate`)).statusCode;

  it('renews the session’s proof with the password, answers when, and audits it', async () => {
    const me = await signedInAdmin(ctx.server.app);
    await age(me.token);
    const answer = await me.call('POST', '/admin/reauth', { password: TEST_PASSWORD });
    expect(answer.statusCode).toBe(200);
    const { authenticated_at: at } = answer.json().data;
    expect(answer.json()).toEqual({ ok: true, data: { authenticated_at: expect.any(String) } });
    expect(new Date(at).getTime()).toBe((await provenAt(me.token))?.getTime());
    expect(Date.now() - new Date(at).getTime()).toBeLessThan(60_000);
    expect(await actionsOf(me.id)).toEqual(['sign_in', 'reauth']);
    expect(await impersonate(me)).toBe(200);
  });

  it('renews only the session that proved it', async () => {
    const me = await signedInAdmin(ctx.server.app);
    const other = await signIn(ctx.server.app, me.email);
    await age(me.token);
    await age(other.token);
    expect((await me.call('POST', '/admin/reauth', { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(Date.now() - ((await provenAt(other.token))?.getTime() ?? 0)).toBeGreaterThan(STEP_UP_MINUTES * 60_000);
  });

  it('renews it with a TOTP code', async () => {
    const { me, secret } = await enrolled();
    await age(me.token);
    expect(await impersonate(me)).toBe(401);
    expect((await me.call('POST', '/admin/reauth', { code: await freshTotpCode(ctx.server.app, secret) })).statusCode).toBe(200);
    expect(await impersonate(me)).toBe(200);
    expect((await actionsOf(me.id)).slice(-1)).toEqual(['reauth']);
  });

  it('renews it with a recovery code, which is spent', async () => {
    const { me, recoveryCodes } = await enrolled();
    const [code = ''] = recoveryCodes;
    await age(me.token);
    expect((await me.call('POST', '/admin/reauth', { code })).statusCode).toBe(200);
    expect(await impersonate(me)).toBe(200);
    // One transaction, one timestamp: in either order.
    expect((await actionsOf(me.id)).slice(-2).sort()).toEqual(['reauth', 'recovery_code_used']);
    await age(me.token);
    expect((await me.call('POST', '/admin/reauth', { code })).json()).toEqual({ ok: false, code: 'INVALID_CODE' });
    expect((await me.call('GET', '/admin/mfa')).json().data.recovery_codes_left).toBe(recoveryCodes.length - 1);
  });

  it('refuses a wrong password or code with 400, audits it, and renews nothing', async () => {
    const { me } = await enrolled();
    await age(me.token);
    const provenBefore = await provenAt(me.token);
    expect((await me.call('POST', '/admin/reauth', { password: 'wrong-pass-1' })).json()).toEqual({ ok: false, code: 'WRONG_PASSWORD' });
    expect((await me.call('POST', '/admin/reauth', { code: '000000' })).json()).toEqual({ ok: false, code: 'INVALID_CODE' });
    expect(await provenAt(me.token)).toEqual(provenBefore);
    expect((await actionsOf(me.id)).slice(-2)).toEqual(['failed_reauth', 'failed_reauth']);
    expect(await impersonate(me)).toBe(401);
  });

  it('refuses a code from an admin without TOTP, and a body that is neither one proof nor the other', async () => {
    const me = await signedInAdmin(ctx.server.app);
    expect((await me.call('POST', '/admin/reauth', { code: '123456' })).json()).toEqual({ ok: false, code: 'INVALID_CODE' });
    for (const body of [{}, { password: TEST_PASSWORD, code: '123456' }, { password: '' }]) {
      const refused = await me.call('POST', '/admin/reauth', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('throttles wrong proofs per admin with the second factor’s calls: 429, even for the right one', async () => {
    const { me, secret } = await enrolled();
    for (let attempt = 0; attempt < MAX_FAILURES; attempt += 1) {
      expect((await me.call('POST', '/admin/reauth', { password: 'wrong-pass-1' })).statusCode).toBe(400);
    }
    const throttled = await me.call('POST', '/admin/reauth', { password: TEST_PASSWORD });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ ok: false, code: 'RATE_LIMITED' });
    expect(throttled.headers['retry-after']).toEqual(expect.any(String));
    expect((await me.call('POST', '/admin/mfa/recovery_codes/regenerate', { code: await freshTotpCode(ctx.server.app, secret) })).statusCode).toBe(429);
    // Another admin's allowance is their own.
    expect((await (await signedInAdmin(ctx.server.app)).call('POST', '/admin/reauth', { password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const refused = await ctx.server.app.inject({ method: 'POST', url: '/api/admin/reauth', payload: { password: TEST_PASSWORD } });
    expect(refused.json()).toEqual({ ok: false, code: 'UNAUTHORIZED' });
  });
});

describe('STEP_UP_MINUTES', () => {
  it('is 10 minutes unless set, and a whole number of minutes from 1', () => {
    expect(loadConfig({}).stepUpMinutes).toBe(10);
    expect(loadConfig({ STEP_UP_MINUTES: '3' }).stepUpMinutes).toBe(3);
    for (const wrong of ['0', '-1', '1.5', 'ten']) expect(() => loadConfig({ STEP_UP_MINUTES: wrong }), wrong).toThrow(/STEP_UP_MINUTES/);
  });
});
