import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { freshTotpCode } from '../helpers/totp';
import { describe, expect, it } from 'vitest';
import { admins, auditEvents, impersonationTokens, outbox, users } from '../../server/db/schema';
import { issueAuthToken } from '../../server/lib/authTokens';
import { entities } from '../../server/entities';
import type { AnyEntity, Example } from '../../server/entities/entity';
import { canMake, exampleBody, recordMaker } from '../helpers/declaredRecords';
import { softAuthenticator } from '../helpers/softAuthenticator';
import { PNG_BYTES, dataUrl, insertCompany, insertRoom, insertUser } from '../helpers/serverFixtures';
import { TEST_PASSWORD, insertAdmin, signIn, signedInAdmin, useSignedInServer } from '../helpers/testServer';

const ctx = useSignedInServer({ devRoutes: true });

type Call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
interface Recipe {
  action: string;
  entity: string;
  /** What the call needs, made before the events are counted (it may leave events of its own). */
  prepare?(as: Call): Promise<Record<string, string>>;
  /** The one call that changes something. */
  run(as: Call, prepared: Record<string, string>): Promise<LightMyRequestResponse>;
}

const publicCall = (method: 'POST', url: string, payload: object) => ctx.server.app.inject({ method, url: `/api${url}`, payload });
const newPassword = 'brand-new-pass-9';
/** A second admin's session, for the calls that end or change the session that makes them. */
const freshSession = async () => ({ token: (await signedInAdmin(ctx.server.app)).token });
const callWith =
  (token: string | undefined): Call =>
  (method, url, payload) =>
    ctx.server.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `JWT ${token ?? ''}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
/** A fresh admin with a session, TOTP set up (`secret`) and, unless `confirm` is false, turned on. */
const adminWithTotp = async (confirm = true) => {
  const { email } = await insertAdmin(ctx.server.app);
  const { token } = await signIn(ctx.server.app, email);
  const secret = (await callWith(token)('POST', '/admin/mfa/totp/setup', {})).json().data.secret as string;
  if (confirm) await callWith(token)('POST', '/admin/mfa/totp/confirm', { code: await freshTotpCode(ctx.server.app, secret) });
  return { email, token, secret };
};
/** A fresh admin with a session and a software authenticator; `register` keeps a passkey and answers its id. */
const adminWithAuthenticator = async () => {
  const { email } = await insertAdmin(ctx.server.app);
  const { token } = await signIn(ctx.server.app, email);
  const authenticator = softAuthenticator(ctx.server.app.config.consoleUrl);
  const newCredential = async () => authenticator.create((await callWith(token)('POST', '/admin/passkeys/options', {})).json().data);
  const register = async () =>
    (await callWith(token)('POST', '/admin/passkeys', { name: 'Laptop', credential: await newCredential() })).json().data._id as string;
  return { token, authenticator, newCredential, register };
};
/** An admin with two sessions: `token` makes the call, `other` is the session it ends. */
const twoSessions = async () => {
  const { id, email } = await insertAdmin(ctx.server.app);
  await signIn(ctx.server.app, email);
  const { token } = await signIn(ctx.server.app, email);
  const listed = (await callWith(token)('GET', '/admin/sessions')).json().data as Array<{ _id: string; current: boolean }>;
  return { id, token, other: listed.find((session) => !session.current)?._id ?? '' };
};
/** A request of another admin (nobody decides their own), above the approval threshold. */
const pendingCreditRequest = async () => {
  const requester = await signedInAdmin(ctx.server.app, 'operations');
  const company = await insertCompany(ctx.server.app);
  return { id: (await requester.call('POST', `/company/${company.id}/credit`, { amount: 5000, reason: 'Test' })).json().data._id as string };
};

/**
 * Every state-changing route, with a call that succeeds and the event it must leave. A route the app
 * registers that is neither in this table nor a search fails the test below, so a new route cannot
 * ship without its audit event.
 */
/** A record of a declared entity (through its create route and its declaration's example), and what links it needs. */
const makeWith = (as: Call) => recordMaker(ctx.server.app, as);
const createdFrom = (entity: AnyEntity) => async (as: Call) => ({ id: await makeWith(as)(entity.name) });
/** An example's body, made before the events are counted (the records it links to leave events of their own), sent as JSON. */
const bodyOf = async (example: Example<unknown>, as: Call) => JSON.stringify(await exampleBody(example, makeWith(as)));

/** The standard routes of every declared entity (server/entities/), with the declarations' examples. */
const DECLARED: Record<string, Recipe> = Object.fromEntries(
  entities.flatMap((entity) => {
    const { name, create, update } = entity;
    const recipes: Array<[string, Recipe]> = [];
    if (!canMake(name)) return recipes;
    const prepare = createdFrom(entity);
    if (create)
      recipes.push([
        `POST /api/${name}`,
        {
          action: 'create',
          entity: name,
          prepare: async (as) => ({ body: await bodyOf(create.example, as) }),
          run: (as, p) => as('POST', `/${name}`, JSON.parse(p.body ?? '{}')),
        },
      ]);
    if (update)
      recipes.push([
        `PUT /api/${name}/:id`,
        {
          action: 'update',
          entity: name,
          prepare: async (as) => ({ ...(await prepare(as)), body: await bodyOf(update.example, as) }),
          run: (as, p) => as('PUT', `/${name}/${p.id}`, JSON.parse(p.body ?? '{}')),
        },
      ]);
    if (entity.remove !== false) {
      recipes.push([`DELETE /api/${name}/:id`, { action: 'delete', entity: name, prepare, run: (as, p) => as('DELETE', `/${name}/${p.id}`) }]);
      if (entity.remove?.bulk !== false)
        recipes.push([
          `POST /api/${name}/bulk_delete`,
          { action: 'delete', entity: name, prepare, run: (as, p) => as('POST', `/${name}/bulk_delete`, { ids: [p.id] }) },
        ]);
    }
    if (entity.export)
      recipes.push([`POST /api/${name}/export`, { action: 'export', entity: name, run: (as) => as('POST', `/${name}/export`, { search: 'x' }) }]);
    return recipes;
  }),
);

/** The other routes, and those whose call needs more than an example (a unique e-mail, a company, a second session). */
const RECIPES: Record<string, Recipe> = {
  ...DECLARED,
  'POST /api/admin/signin': {
    action: 'sign_in',
    entity: 'session',
    prepare: async () => ({ email: (await insertAdmin(ctx.server.app)).email }),
    run: async (_as, p) => (await signIn(ctx.server.app, p.email ?? '')).response,
  },
  'POST /api/admin/signin/mfa': {
    action: 'sign_in',
    entity: 'session',
    prepare: async () => {
      const { email, secret } = await adminWithTotp();
      return { secret, mfaToken: (await publicCall('POST', '/admin/signin', { email, password: TEST_PASSWORD })).json().mfa_token };
    },
    run: async (_as, p) => publicCall('POST', '/admin/signin/mfa', { mfa_token: p.mfaToken ?? '', code: await freshTotpCode(ctx.server.app, p.secret ?? '') }),
  },
  'POST /api/admin/mfa/totp/confirm': {
    action: 'mfa_enable',
    entity: 'admin',
    prepare: () => adminWithTotp(false),
    run: async (_as, p) => callWith(p.token)('POST', '/admin/mfa/totp/confirm', { code: await freshTotpCode(ctx.server.app, p.secret ?? '') }),
  },
  'POST /api/admin/mfa/totp/disable': {
    action: 'mfa_disable',
    entity: 'admin',
    prepare: () => adminWithTotp(),
    run: (_as, p) => callWith(p.token)('POST', '/admin/mfa/totp/disable', { password: TEST_PASSWORD }),
  },
  'POST /api/admin/mfa/recovery_codes/regenerate': {
    action: 'recovery_codes_regenerate',
    entity: 'admin',
    prepare: () => adminWithTotp(),
    run: async (_as, p) => callWith(p.token)('POST', '/admin/mfa/recovery_codes/regenerate', { code: await freshTotpCode(ctx.server.app, p.secret ?? '') }),
  },
  'POST /api/admin/reauth': { action: 'reauth', entity: 'admin', run: (as) => as('POST', '/admin/reauth', { password: TEST_PASSWORD }) },
  'POST /api/admin/passkeys': {
    action: 'passkey_add',
    entity: 'admin',
    prepare: async () => {
      const admin = await adminWithAuthenticator();
      return { token: admin.token, credential: JSON.stringify(await admin.newCredential()) };
    },
    run: (_as, p) => callWith(p.token)('POST', '/admin/passkeys', { name: 'Laptop', credential: JSON.parse(p.credential ?? '{}') }),
  },
  'PUT /api/admin/passkeys/:id': {
    action: 'passkey_rename',
    entity: 'admin',
    prepare: async () => {
      const admin = await adminWithAuthenticator();
      return { token: admin.token, id: await admin.register() };
    },
    run: (_as, p) => callWith(p.token)('PUT', `/admin/passkeys/${p.id}`, { name: 'Security key' }),
  },
  'DELETE /api/admin/passkeys/:id': {
    action: 'passkey_remove',
    entity: 'admin',
    prepare: async () => {
      const admin = await adminWithAuthenticator();
      return { token: admin.token, id: await admin.register() };
    },
    run: (_as, p) => callWith(p.token)('DELETE', `/admin/passkeys/${p.id}`),
  },
  'POST /api/admin/signin/passkey': {
    action: 'sign_in',
    entity: 'session',
    prepare: async () => {
      const admin = await adminWithAuthenticator();
      await admin.register();
      const options = (await publicCall('POST', '/admin/signin/passkey/options', {})).json().data;
      return { credential: JSON.stringify(admin.authenticator.get(options)) };
    },
    run: (_as, p) => publicCall('POST', '/admin/signin/passkey', { credential: JSON.parse(p.credential ?? '{}') }),
  },
  'DELETE /api/admin/sessions/:id': {
    action: 'session_revoke',
    entity: 'session',
    prepare: twoSessions,
    run: (_as, p) => callWith(p.token)('DELETE', `/admin/sessions/${p.other}`),
  },
  'POST /api/admin/sessions/revoke_others': {
    action: 'session_revoke',
    entity: 'session',
    prepare: twoSessions,
    run: (_as, p) => callWith(p.token)('POST', '/admin/sessions/revoke_others'),
  },
  'DELETE /api/admin/:id/sessions/:session_id': {
    action: 'session_revoke',
    entity: 'session',
    prepare: twoSessions,
    run: (as, p) => as('DELETE', `/admin/${p.id}/sessions/${p.other}`),
  },
  'POST /api/admin/logout': { action: 'sign_out', entity: 'session', prepare: freshSession, run: (_as, p) => callWith(p.token)('POST', '/admin/logout') },
  'POST /api/admin/forgot_password': {
    action: 'password_reset_request',
    entity: 'admin',
    prepare: async () => ({ email: (await insertAdmin(ctx.server.app)).email }),
    run: async (_as, p) => {
      const answer = await publicCall('POST', '/admin/forgot_password', { email: p.email });
      await ctx.server.app.background.idle();
      return answer;
    },
  },
  'POST /api/admin/forgot_password_reset': {
    action: 'password_reset',
    entity: 'admin',
    prepare: async () => ({ token: await issueAuthToken(ctx.server.app.db, (await insertAdmin(ctx.server.app)).id, 'reset') }),
    run: (_as, p) => publicCall('POST', '/admin/forgot_password_reset', { password: newPassword, token: p.token }),
  },
  'POST /api/admin/reset_password': {
    action: 'password_change',
    entity: 'admin',
    prepare: freshSession,
    run: (_as, p) => callWith(p.token)('POST', '/admin/reset_password', { password: TEST_PASSWORD, newPassword, verifyPassword: newPassword }),
  },
  'POST /api/user/impersonation/exchange': {
    action: 'impersonation',
    entity: 'user',
    prepare: async (as) => {
      const user = await insertUser(ctx.server.app);
      return { user: user.id, token: (await as('POST', `/user/${user.id}/impersonate`)).json().data.token };
    },
    run: (_as, p) => publicCall('POST', '/user/impersonation/exchange', { token: p.token, user_id: p.user }),
  },
  'PUT /api/admin': { action: 'update', entity: 'admin', prepare: freshSession, run: (_as, p) => callWith(p.token)('PUT', '/admin', { name: 'Renamed Me' }) },
  'POST /api/company': { action: 'create', entity: 'company', run: (as) => as('POST', '/company', { name: 'Créée SAS', logo_url: 'https://x.example/l.png' }) },
  'PUT /api/company/:id': {
    action: 'update',
    entity: 'company',
    // At the current version: a balance never moves from a copy that may be stale.
    prepare: async () => ({ id: (await insertCompany(ctx.server.app)).id }),
    run: (as, p) => as('PUT', `/company/${p.id}`, { name: 'Modifiée', credit_balance: 12, version: 1 }),
  },
  'DELETE /api/company/:id': {
    action: 'delete',
    entity: 'company',
    prepare: async () => ({ id: (await insertCompany(ctx.server.app)).id }),
    run: (as, p) => as('DELETE', `/company/${p.id}`),
  },
  'POST /api/company/:id/comment': {
    action: 'comment',
    entity: 'company',
    prepare: async () => ({ id: (await insertCompany(ctx.server.app)).id }),
    run: (as, p) => as('POST', `/company/${p.id}/comment`, { text: 'Bien' }),
  },
  'PUT /api/company/:id/delete-comment/:commentId': {
    action: 'comment_delete',
    entity: 'company',
    prepare: async (as) => {
      const company = await insertCompany(ctx.server.app);
      return { id: company.id, comment: (await as('POST', `/company/${company.id}/comment`, { text: 'À effacer' })).json().data.comments[0]._id };
    },
    run: (as, p) => as('PUT', `/company/${p.id}/delete-comment/${p.comment}`),
  },
  'POST /api/company/:id/sync': {
    action: 'sync',
    entity: 'company',
    prepare: async () => ({ id: (await insertCompany(ctx.server.app)).id }),
    run: (as, p) => as('POST', `/company/${p.id}/sync`, { organization_id: 'org-1' }),
  },
  'POST /api/company/:id/credit': {
    action: 'credit_adjustment',
    entity: 'company',
    prepare: async () => ({ id: (await insertCompany(ctx.server.app)).id }),
    run: (as, p) => as('POST', `/company/${p.id}/credit`, { amount: 5, reason: 'Test' }),
  },
  'POST /api/credit_request/:id/approve': {
    action: 'credit_approval',
    entity: 'company',
    prepare: pendingCreditRequest,
    run: (as, p) => as('POST', `/credit_request/${p.id}/approve`),
  },
  'POST /api/credit_request/:id/reject': {
    action: 'credit_rejection',
    entity: 'company',
    prepare: pendingCreditRequest,
    run: (as, p) => as('POST', `/credit_request/${p.id}/reject`, { reason: 'Test' }),
  },
  'POST /api/user/invite': {
    action: 'invite',
    entity: 'user',
    prepare: async () => ({ company: (await insertCompany(ctx.server.app)).id }),
    run: (as, p) => as('POST', '/user/invite', { name: 'Invitée', email: `invite-${Date.now()}@example.com`, organisation_id: p.company }),
  },
  'POST /api/user/:id/impersonate': {
    action: 'impersonation',
    entity: 'user',
    prepare: async () => ({ id: (await insertUser(ctx.server.app)).id }),
    run: (as, p) => as('POST', `/user/${p.id}/impersonate`),
  },
  'POST /api/file': {
    action: 'upload',
    entity: 'file',
    run: (as) => as('POST', '/file', { files: [{ rawBody: dataUrl(PNG_BYTES), name: 'logo.png' }], folder: '/offers' }),
  },
  'POST /api/company/bulk_delete': {
    action: 'delete',
    entity: 'company',
    prepare: async () => ({ id: (await insertCompany(ctx.server.app)).id }),
    run: (as, p) => as('POST', '/company/bulk_delete', { ids: [p.id] }),
  },
  'POST /api/user/bulk_move': {
    action: 'update',
    entity: 'user',
    prepare: async () => ({ id: (await insertUser(ctx.server.app)).id, company: (await insertCompany(ctx.server.app)).id }),
    run: (as, p) => as('POST', '/user/bulk_move', { ids: [p.id], organisation_id: p.company }),
  },
  'POST /api/need/bulk_status': {
    action: 'update',
    entity: 'need',
    prepare: async (as) => ({ id: await makeWith(as)('need') }),
    run: (as, p) => as('POST', '/need/bulk_status', { ids: [p.id], status: 'non dispo' }),
  },
  'POST /api/message/from-admin': {
    action: 'admin_message',
    entity: 'room',
    prepare: async () => ({ room: (await insertRoom(ctx.server.app)).room.id }),
    run: (as, p) => as('POST', '/message/from-admin', { text: 'Bonjour', room: p.room }),
  },
  'POST /api/dev/room/:id/message': {
    action: 'create',
    entity: 'room',
    prepare: async () => ({ room: (await insertRoom(ctx.server.app)).room.id }),
    run: (as, p) => as('POST', `/dev/room/${p.room}/message`, { role: 'buyer', text: 'Salut' }),
  },
  // A session of its own: the signed-in admin's stale proof would refuse the dangerous calls of the recipes after it.
  'POST /api/dev/session/stale_proof': {
    action: 'update',
    entity: 'session',
    prepare: freshSession,
    run: (_as, p) => callWith(p.token)('POST', '/dev/session/stale_proof', {}),
  },
  ...Object.fromEntries(
    // The exports of routes of their own (a declared entity's is among DECLARED).
    (['company', 'room'] as const).map((entity) => [
      `POST /api/${entity}/export`,
      { action: 'export', entity, run: (as: Call) => as('POST', `/${entity}/export`, { search: 'x' }) },
    ]),
  ),
  'POST /api/audit/export': { action: 'export', entity: 'audit_event', run: (as) => as('POST', '/audit/export', { action: 'create' }) },
};

/** POST routes that only read, every search the app serves: they must leave no event. */
const isSearch = (key: string) => /^POST \/api\/.+\/search$/.test(key);

async function eventCount(): Promise<number> {
  const [row] = await ctx.server.app.db.select({ total: count() }).from(auditEvents);
  return row?.total ?? 0;
}

/** Presence (a tab saying every 15 s which record page it shows) changes no record: nothing to audit (tests/server/presence.test.ts). */
const NOT_A_CHANGE = [
  'POST /api/presence',
  'DELETE /api/presence/:resource/:id/:tab_id',
  // A key kept until it is confirmed, which is the change that counts (mfa_enable above).
  'POST /api/admin/mfa/totp/setup',
  // WebAuthn challenges, each spent by the call that answers it (passkey_add, sign_in above).
  'POST /api/admin/passkeys/options',
  'POST /api/admin/signin/passkey/options',
  'POST /api/admin/reauth/passkey/options',
];

const changingRoutes = () => ctx.server.app.routeList.map((route) => `${route.method} ${route.url}`).filter((key) => /^(POST|PUT|DELETE) \/api\//.test(key));

describe('the audit trail', () => {
  it('knows every state-changing route the app serves', () => {
    const unknown = changingRoutes().filter((key) => !(key in RECIPES) && !isSearch(key) && !NOT_A_CHANGE.includes(key));
    expect(unknown).toEqual([]);
  });

  it('records exactly one event, of the right action and entity, with the request id and address, for each state-changing route', async () => {
    for (const [key, recipe] of Object.entries(RECIPES)) {
      const prepared = (await recipe.prepare?.(ctx.me.call)) ?? {};
      const before = new Set((await ctx.server.app.db.select({ id: auditEvents.id }).from(auditEvents)).map((row) => row.id));
      const answer = await recipe.run(ctx.me.call, prepared);
      expect(answer.statusCode, `${key}: ${answer.body}`).toBeLessThan(300);
      const added = (await ctx.server.app.db.select().from(auditEvents)).filter((row) => !before.has(row.id));
      expect(
        added.map((row) => ({ action: row.action, entity: row.entity })),
        key,
      ).toEqual([{ action: recipe.action, entity: recipe.entity }]);
      expect(added[0]?.requestId, key).toEqual(expect.any(String));
      expect(added[0]?.ip, key).toEqual(expect.any(String));
    }
  }, 120_000);

  it('records nothing for the searches', async () => {
    const searches = changingRoutes().filter(isSearch);
    // Each declared entity's search, the custom ones' (companies, rooms, the trail, a company's ledger) too.
    expect(searches).toEqual(expect.arrayContaining(entities.map((entity) => `POST /api/${entity.name}/search`)));
    expect(searches.length).toBeGreaterThan(entities.length);
    for (const key of searches) {
      const before = await eventCount();
      const url = key
        .replace('POST ', '')
        .replace('/api', '')
        .replace(':id', (await insertCompany(ctx.server.app)).id);
      expect((await ctx.me.call('POST', url, { offset: 0 })).statusCode, key).toBe(200);
      expect(await eventCount(), key).toBe(before);
    }
  });

  it('records a failed sign-in with the address tried, and no password', async () => {
    const before = await eventCount();
    await publicCall('POST', '/admin/signin', { email: 'intruder@example.com', password: 'guess-pass-1' });
    expect(await eventCount()).toBe(before + 1);
    const trail = (await ctx.me.call('POST', '/audit/search', { action: 'failed_sign_in' })).json();
    expect(trail.data[0]).toMatchObject({ action: 'failed_sign_in', admin_id: null, changes: { email: [null, 'intruder@example.com'] } });
  });

  it('keeps field changes as before → after, and never a secret', async () => {
    const target = await insertAdmin(ctx.server.app, { name: 'Avant' });
    await ctx.me.call('PUT', `/admin/${target.id}`, { name: 'Après' });
    const trail = (await ctx.me.call('POST', '/audit/search', { entity: 'admin', entity_id: target.id })).json();
    expect(trail.data[0]).toMatchObject({
      action: 'update',
      admin_id: ctx.me.id,
      admin_name: 'Signed In',
      changes: { name: ['Avant', 'Après'] },
      exists: true,
    });

    const everything = JSON.stringify(await ctx.server.app.db.select().from(auditEvents));
    const secrets = [TEST_PASSWORD, newPassword, ctx.me.token, 'scrypt$'];
    const mails = await ctx.server.app.db.select().from(outbox);
    for (const mail of mails) secrets.push(...[...mail.body.matchAll(/token=([\w%-]+)/g)].map((match) => decodeURIComponent(match[1] ?? '')));
    for (const secret of secrets.filter(Boolean)) expect(everything).not.toContain(secret);
  });

  it('filters by admin, action and dates, newest first, ten a page', async () => {
    const other = await signedInAdmin(ctx.server.app);
    for (let index = 0; index < 11; index += 1) await other.call('POST', '/need', { description: `n${index}`, emergency: 'Maintenant' });
    const page = (await ctx.me.call('POST', '/audit/search', { admin_id: other.id, action: 'create' })).json();
    expect(page.total).toBe(11);
    expect(page.data).toHaveLength(10);
    expect(page.data[0].changes.description).toEqual([null, 'n10']);
    const future = (await ctx.me.call('POST', '/audit/search', { admin_id: other.id, from: new Date(Date.now() + 60_000).toISOString() })).json();
    expect(future.total).toBe(0);
    const past = (await ctx.me.call('POST', '/audit/search', { admin_id: other.id, to: new Date(Date.now() - 3_600_000).toISOString() })).json();
    expect(past.total).toBe(0);
    expect((await ctx.me.call('POST', '/audit/search', { action: 'not-an-action' })).statusCode).toBe(400);
    for (const date of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-23:59', 'yesterday']) {
      const answer = await ctx.me.call('POST', '/audit/search', { from: date });
      expect(answer.statusCode, date).toBe(400);
      expect(answer.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
  });

  it('outlives the deletion of the admin and of the user: events and impersonation records stay, names kept', async () => {
    const actor = await signedInAdmin(ctx.server.app);
    await ctx.server.app.db.update(admins).set({ name: 'Parti' }).where(eq(admins.id, actor.id));
    const user = await insertUser(ctx.server.app, { name: 'Usagère' });
    await actor.call('POST', `/user/${user.id}/impersonate`);
    await ctx.me.call('DELETE', `/user/${user.id}`);
    await ctx.me.call('DELETE', `/admin/${actor.id}`);
    const [record] = await ctx.server.app.db.select().from(impersonationTokens).where(eq(impersonationTokens.userId, user.id));
    expect(record).toMatchObject({ adminId: actor.id, adminName: 'Parti', userName: 'Usagère' });
    const byActor = (await ctx.me.call('POST', '/audit/search', { admin_id: actor.id })).json();
    expect(byActor.data.map((event: { action: string }) => event.action)).toEqual(expect.arrayContaining(['impersonation', 'sign_in']));
    expect(byActor.data.every((event: { admin_name: string }) => event.admin_name === 'Parti' || event.admin_name === 'Signed In')).toBe(true);
    expect(await ctx.server.app.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
  });
});
