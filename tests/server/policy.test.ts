import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONDITIONS, sensitivityOf, type Condition } from '../../shared/catalogue/policy';
import { admins, companies, sessions } from '../../server/db/schema';
import { hashToken } from '../../server/lib/ids';
import { OPENAPI_PATH } from '../../server/plugins/contract';
import { openApiPath } from '../../server/lib/openApiDocument';
import { tableFingerprinter } from '../helpers/dbFingerprint';
import { insertCompany } from '../helpers/serverFixtures';
import { insertAdmin, signedInAdmin, useSignedInServer, type SignedInAdmin } from '../helpers/testServer';

// Generated from the route list and the policy (shared/catalogue/policy.ts): a new route is covered without editing this file.
const ctx = useSignedInServer({ devRoutes: true });
const STEP_UP_MINUTES = 10;
const REAUTH_REQUIRED = { ok: false, code: 'REAUTH_REQUIRED' };
const db = () => ctx.server.app.db;

/** Moves the session's last proof past STEP_UP_MINUTES, as time passing would. */
const age = (token: string) =>
  db()
    .update(sessions)
    .set({ authenticatedAt: sql`now() - make_interval(mins => ${STEP_UP_MINUTES + 1})` })
    .where(eq(sessions.tokenHash, hashToken(token)));

const protectedRoutes = () => ctx.server.app.routeList.filter((route) => route.permission);
const freshProofOf = (route: ReturnType<typeof protectedRoutes>[number]) =>
  route.permission ? sensitivityOf(route.permission.resource, route.permission.action).freshProof : undefined;
const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

let stale: SignedInAdmin;
beforeAll(async () => {
  stale = await signedInAdmin(ctx.server.app);
  await age(stale.token);
});

/** A path whose parameters all fail validation: anything let past the proof's check is refused as invalid. */
const invalidPath = (url: string) => url.replace(/:[a-zA-Z_]+/g, 'not-valid');

describe('every route the policy marks fresh proof, always', () => {
  it('answers 401 REAUTH_REQUIRED to a session proven more than STEP_UP_MINUTES ago, changing nothing', async () => {
    const { fingerprint } = await tableFingerprinter(db());
    const before = await fingerprint();
    const always = protectedRoutes().filter((route) => freshProofOf(route) === 'always');
    // Bulk actions, exports, 'Login as', admins, approvals, sign-in changes: at least these.
    expect(always.length).toBeGreaterThan(20);
    for (const route of always) {
      const response = await ctx.server.app.inject({
        method: route.method as 'GET',
        url: invalidPath(route.url),
        headers: { authorization: `JWT ${stale.token}` },
        ...(route.method === 'POST' || route.method === 'PUT' ? { payload: {} } : {}),
      });
      expect(response.statusCode, key(route)).toBe(401);
      expect(response.json(), key(route)).toEqual(REAUTH_REQUIRED);
    }
    expect(await fingerprint()).toEqual(before);
    expect((await stale.call('GET', '/admin/sessions')).statusCode).toBe(200);
  });

  it('covers what the review named', () => {
    const always = new Set(
      protectedRoutes()
        .filter((route) => freshProofOf(route) === 'always')
        .map(key),
    );
    for (const named of [
      'POST /api/admin',
      'DELETE /api/admin/:id',
      'POST /api/admin/export',
      'POST /api/admin/reset_password',
      'POST /api/admin/mfa/totp/setup',
      'POST /api/admin/mfa/totp/confirm',
      'POST /api/admin/mfa/totp/disable',
      'POST /api/admin/mfa/recovery_codes/regenerate',
      'POST /api/admin/passkeys/options',
      'POST /api/admin/passkeys',
      'PUT /api/admin/passkeys/:id',
      'DELETE /api/admin/passkeys/:id',
      'POST /api/user/:id/impersonate',
      'POST /api/user/export',
      'POST /api/audit/export',
      'POST /api/company/:id/credit',
      'POST /api/credit_request/:id/approve',
      'POST /api/company/bulk_delete',
    ])
      expect(always, named).toContain(named);
    for (const bulk of protectedRoutes().filter((route) => route.permission?.action === 'bulk')) expect(always, key(bulk)).toContain(key(bulk));
  });

  it('does not ask it of re-authentication, signing out or ending one’s sessions', () => {
    for (const route of protectedRoutes().filter((route) => /\/admin\/(reauth|logout|sessions)/.test(route.url)))
      expect(freshProofOf(route) === 'always' || Boolean(route.freshProofWhen), key(route)).toBe(false);
  });
});

interface Case {
  /** Made while the session is fresh: what the call needs. */
  prepare(me: SignedInAdmin): Promise<string>;
  /** A call in the case the policy names, which a fresh session makes. */
  run(me: SignedInAdmin, id: string): Promise<LightMyRequestResponse>;
  /** The same route outside that case, which a stale session still makes. */
  outside(me: SignedInAdmin, id: string): Promise<LightMyRequestResponse>;
}

const versionOf = async (me: SignedInAdmin, path: string) => (await me.call('GET', path)).json().data.version as number;

/** One call per route that declares a case (`permit(…, {freshProofWhen})`), named by the route. */
const CASES: Record<string, Case> = {
  'PUT /api/admin/:id': {
    prepare: async () => (await insertAdmin(ctx.server.app, { role: 'operations' })).id,
    run: (me, id) => me.call('PUT', `/admin/${id}`, { email: `moved-${id}@example.com` }),
    outside: (me, id) => me.call('PUT', `/admin/${id}`, { name: 'Renamed' }),
  },
  'PUT /api/admin': {
    prepare: async (me) => me.id,
    run: (me, id) => me.call('PUT', '/admin', { email: `me-${id}@example.com` }),
    outside: (me) => me.call('PUT', '/admin', { name: 'Renamed Me' }),
  },
  'PUT /api/company/:id': {
    prepare: async () => (await insertCompany(ctx.server.app, { creditBalance: 5 })).id,
    run: async (me, id) => me.call('PUT', `/company/${id}`, { credit_balance: 15, version: await versionOf(me, `/company/${id}`) }),
    outside: async (me, id) => me.call('PUT', `/company/${id}`, { name: 'Renamed', credit_balance: 5, version: await versionOf(me, `/company/${id}`) }),
  },
  'DELETE /api/company/:id': {
    prepare: async () => (await insertCompany(ctx.server.app, { creditBalance: 5 })).id,
    run: (me, id) => me.call('DELETE', `/company/${id}`),
    outside: async (me) => me.call('DELETE', `/company/${(await insertCompany(ctx.server.app, { creditBalance: 0 })).id}`),
  },
};

describe('every route that declares a case of the policy', () => {
  const declaring = () => protectedRoutes().filter((route) => route.freshProofWhen);

  it('declares only the case its permission’s policy names, and every case is declared by a route', () => {
    for (const route of declaring()) expect(route.freshProofWhen, key(route)).toBe(freshProofOf(route));
    const conditions = new Set(
      protectedRoutes()
        .map(freshProofOf)
        .filter((value): value is Condition => Boolean(value) && value !== 'always'),
    );
    const declared = new Set(declaring().map((route) => route.freshProofWhen));
    for (const condition of conditions) expect(declared, `${condition}: ${CONDITIONS[condition]}`).toContain(condition);
  });

  it('has a call of its own here (add one to CASES for a new route)', () => {
    expect(declaring().map(key).sort()).toEqual(Object.keys(CASES).sort());
  });

  it('answers 401 REAUTH_REQUIRED in that case to a stale session, changing nothing, and lets a fresh one through', async () => {
    const { fingerprint } = await tableFingerprinter(db());
    for (const [name, call] of Object.entries(CASES)) {
      const me = await signedInAdmin(ctx.server.app);
      const id = await call.prepare(me);
      await age(me.token);
      const before = await fingerprint();
      const refused = await call.run(me, id);
      expect(refused.statusCode, `${name}: ${refused.body}`).toBe(401);
      expect(refused.json(), name).toEqual(REAUTH_REQUIRED);
      expect(await fingerprint(), name).toEqual(before);
      const outside = await call.outside(me, id);
      expect(outside.statusCode, `${name} outside its case: ${outside.body}`).toBeLessThan(300);

      const fresh = await signedInAdmin(ctx.server.app);
      const answered = await call.run(fresh, await call.prepare(fresh));
      expect(answered.statusCode, `${name} fresh: ${answered.body}`).toBeLessThan(300);
    }
  }, 60_000);

  it('keeps one’s own e-mail as it was when refused', async () => {
    const me = await signedInAdmin(ctx.server.app);
    await age(me.token);
    expect((await me.call('PUT', '/admin', { email: `taken-over-${me.id}@example.com` })).json()).toEqual(REAUTH_REQUIRED);
    const [row] = await db().select().from(admins).where(eq(admins.id, me.id));
    expect(row?.email).toBe(me.email);
  });

  it('keeps a company with a balance when its deletion is refused', async () => {
    const me = await signedInAdmin(ctx.server.app);
    const company = await insertCompany(ctx.server.app, { creditBalance: 5 });
    await age(me.token);
    expect((await me.call('DELETE', `/company/${company.id}`)).json()).toEqual(REAUTH_REQUIRED);
    expect((await db().select().from(companies).where(eq(companies.id, company.id))).length).toBe(1);
  });
});

describe('the OpenAPI document', () => {
  it('names 401 REAUTH_REQUIRED on exactly the routes the policy asks a fresh proof of', async () => {
    type Operation = { description?: string; responses: Record<string, { $ref?: string }> };
    const document = (await ctx.server.app.inject({ method: 'GET', url: OPENAPI_PATH })).json<{
      paths: Record<string, Record<string, Operation>>;
      components: { responses: Record<string, unknown> };
    }>();
    for (const route of protectedRoutes()) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      const ref = operation?.responses['401']?.$ref?.replace('#/components/responses/', '') ?? '';
      const named = JSON.stringify(document.components.responses[ref] ?? null).includes('REAUTH_REQUIRED');
      const asks = freshProofOf(route) === 'always' || Boolean(route.freshProofWhen);
      expect(named, key(route)).toBe(asks);
      if (route.freshProofWhen) expect(operation?.description, key(route)).toContain(CONDITIONS[route.freshProofWhen]);
    }
  });
});
