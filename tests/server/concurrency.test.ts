import { and, count, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditEvents, categoryImages, companies, creditEntries, needs, offers } from '../../server/db/schema';
import type { AuditEntity } from '../../shared/catalogue/audit';
import { insertAdmin, signIn, useSignedInServer } from '../helpers/testServer';
import { insertCompany, insertUser } from '../helpers/serverFixtures';

// Optimistic concurrency (docs/concurrency.md): versions, ETag, If-Match, 409 STALE_RECORD, overwrites.
const ctx = useSignedInServer();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the API as the signed-in admin, with headers of the call's own (If-Match, X-Overwrite). */
const send = (method: Method, url: string, payload?: object, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
  ctx.server.app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: `JWT ${ctx.me.token}`, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

const ifMatch = (version: number | string) => ({ 'if-match': typeof version === 'number' ? `"${version}"` : version });

/** The record as GET answers it. */
const read = async (path: string) => (await send('GET', path)).json().data as Record<string, unknown> & { version: number };

const auditRows = async () => (await ctx.server.app.db.select({ n: count() }).from(auditEvents))[0]?.n;

const lastAction = async (entity: AuditEntity, id: string) =>
  (
    await ctx.server.app.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, id)))
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(1)
  )[0]?.action;

interface Editable {
  /** A fresh record, at version 1: its path under /api. */
  create(): Promise<string>;
  /** A body that changes a field an admin sees, different for each `n`; `field` is that field. */
  change(n: number): Record<string, unknown>;
  field: string;
}

const idOf = (path: string) => path.split('/').at(-1) ?? '';

/**
 * Every entity with an update route, by its audit name (also its path under /api); category images (create and delete
 * only) and the profile are below.
 */
const EDITABLE: Partial<Record<AuditEntity, Editable>> = {
  company: { create: async () => `/company/${(await insertCompany(ctx.server.app)).id}`, change: (n) => ({ city: `Ville ${n}` }), field: 'city' },
  offer: {
    create: async () =>
      `/offer/${(await send('POST', '/offer', { title: 'Table', description: 'Une table', images: ['https://x.example/t.png'] })).json().data._id}`,
    change: (n) => ({ title: `Table ${n}` }),
    field: 'title',
  },
  need: {
    create: async () => `/need/${(await send('POST', '/need', { description: 'Des chaises', emergency: 'Maintenant' })).json().data._id}`,
    change: (n) => ({ description: `Des chaises ${n}` }),
    field: 'description',
  },
  user: { create: async () => `/user/${(await insertUser(ctx.server.app)).id}`, change: (n) => ({ name: `Utilisatrice ${n}` }), field: 'name' },
  admin: { create: async () => `/admin/${(await insertAdmin(ctx.server.app)).id}`, change: (n) => ({ name: `Admin ${n}` }), field: 'name' },
};

describe.each(Object.entries(EDITABLE) as Array<[AuditEntity, Editable]>)('%s: versions', (name, entity) => {
  it('reads with its version, also sent as a strong ETag', async () => {
    const path = await entity.create();
    const answer = await send('GET', path);
    expect(answer.headers.etag).toBe('"1"');
    expect(answer.json().data.version).toBe(1);
  });

  it('applies an update at the current version (If-Match) and moves the version by exactly one', async () => {
    const path = await entity.create();
    const updated = await send('PUT', path, entity.change(1), ifMatch(1));
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ ...entity.change(1), version: 2 });
    expect((await send('GET', path)).headers.etag).toBe('"2"');
  });

  it('refuses a stale If-Match with 409 STALE_RECORD and the record exactly as GET answers it, and changes nothing', async () => {
    const path = await entity.create();
    await send('PUT', path, entity.change(1));
    const current = await read(path);
    const events = await auditRows();
    const stale = await send('PUT', path, entity.change(2), ifMatch(1));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ ok: false, code: 'STALE_RECORD', data: current });
    expect(await read(path)).toEqual(current);
    expect(await auditRows()).toBe(events);
  });

  it('takes the version in the body too, and If-Match before it', async () => {
    const path = await entity.create();
    await send('PUT', path, entity.change(1));
    expect((await send('PUT', path, { ...entity.change(2), version: 1 })).json()).toMatchObject({ ok: false, code: 'STALE_RECORD' });
    const applied = await send('PUT', path, { ...entity.change(3), version: 2 });
    expect(applied.json()).toMatchObject({ ok: true, data: { ...entity.change(3), version: 3 } });
    // The body's copy may be older than the header: the header names the version the client checked.
    expect((await send('PUT', path, { ...entity.change(4), version: 1 }, ifMatch(3))).json()).toMatchObject({ ok: true, data: { version: 4 } });
  });

  it('accepts W/"n", a bare n and *; refuses any other If-Match with 400 VALIDATION_ERROR', async () => {
    const path = await entity.create();
    expect((await send('PUT', path, entity.change(1), ifMatch('W/"1"'))).json()).toMatchObject({ ok: true, data: { version: 2 } });
    expect((await send('PUT', path, entity.change(2), ifMatch('2'))).json()).toMatchObject({ ok: true, data: { version: 3 } });
    expect((await send('PUT', path, entity.change(3), ifMatch('*'))).json()).toMatchObject({ ok: true, data: { version: 4 } });
    for (const malformed of ['abc', '"x"', '"1", "2"', '0', '"99999999999"', 'W/1']) {
      const refused = await send('PUT', path, entity.change(9), ifMatch(malformed));
      expect(refused.statusCode, malformed).toBe(400);
      expect(refused.json(), malformed).toMatchObject({ ok: false, code: 'VALIDATION_ERROR', errors: { 'if-match': expect.any(String) } });
    }
    expect((await read(path)).version).toBe(4);
  });

  it('accepts an update without any version (spec clients), moving the version on', async () => {
    const path = await entity.create();
    const updated = await send('PUT', path, entity.change(1));
    expect(updated.json()).toMatchObject({ ok: true, data: { ...entity.change(1), version: 2 } });
  });

  it('lets exactly one of two concurrent updates at one version win', async () => {
    const path = await entity.create();
    const answers = await Promise.all([send('PUT', path, entity.change(1), ifMatch(1)), send('PUT', path, entity.change(2), ifMatch(1))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json().data;
    const record = await read(path);
    expect(record.version).toBe(2);
    expect(record[entity.field]).toBe(winner[entity.field]);
  });

  it('audits a save with X-Overwrite: true as an overwrite, and one without as an update', async () => {
    const path = await entity.create();
    await send('PUT', path, entity.change(1), { ...ifMatch(1), 'x-overwrite': 'true' });
    expect(await lastAction(name, idOf(path))).toBe('overwrite');
    await send('PUT', path, entity.change(2), ifMatch(2));
    expect(await lastAction(name, idOf(path))).toBe('update');
    await send('PUT', path, entity.change(3), { ...ifMatch(3), 'x-overwrite': 'false' });
    expect(await lastAction(name, idOf(path))).toBe('update');
    // Without a version it overwrites nothing it was shown: a plain update.
    await send('PUT', path, entity.change(4), { 'x-overwrite': 'true' });
    expect(await lastAction(name, idOf(path))).toBe('update');
  });

  it('deletes only at the current version when If-Match names one', async () => {
    const path = await entity.create();
    await send('PUT', path, entity.change(1));
    const current = await read(path);
    const stale = await send('DELETE', path, undefined, ifMatch(1));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ ok: false, code: 'STALE_RECORD', data: current });
    expect(await read(path)).toEqual(current);
    expect((await send('DELETE', path, undefined, ifMatch(2))).json()).toEqual({ ok: true });
    expect((await send('GET', path)).statusCode).toBe(404);
  });

  it('refuses a whole bulk delete when one version is stale, naming the stale rows and their versions, and deletes nothing', async () => {
    const [first, second] = [idOf(await entity.create()), idOf(await entity.create())];
    const path = (id: string) => `/${name}/${id}`;
    const bulkDelete = `/${name}/bulk_delete`;
    await send('PUT', path(first), entity.change(1));
    const events = await auditRows();
    const stale = await send('POST', bulkDelete, { ids: [first, second], versions: { [first]: 1, [second]: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ ok: false, code: 'STALE_RECORD', data: { [first]: 2 } });
    expect((await send('GET', path(first))).statusCode).toBe(200);
    expect((await send('GET', path(second))).statusCode).toBe(200);
    expect(await auditRows()).toBe(events);
    const done = await send('POST', bulkDelete, { ids: [first, second], versions: { [first]: 2, [second]: 1 } });
    expect(done.json()).toEqual({
      ok: true,
      results: [
        { id: first, ok: true },
        { id: second, ok: true },
      ],
    });
  });
});

describe('bulk delete versions', () => {
  it('still deletes without versions, and refuses a version for a row not in ids', async () => {
    const [first, second] = [await insertCompany(ctx.server.app), await insertCompany(ctx.server.app)];
    const refused = await send('POST', '/company/bulk_delete', { ids: [first.id], versions: { [second.id]: 1 } });
    expect(refused.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR', errors: { versions: expect.any(String) } });
    expect((await send('POST', '/company/bulk_delete', { ids: [first.id, second.id] })).json()).toMatchObject({ ok: true });
  });
});

describe('bulk status and bulk move take versions too', () => {
  it('set a status at the versions sent; a stale one refuses the whole call and changes nothing', async () => {
    const needs = [await EDITABLE.need!.create(), await EDITABLE.need!.create()].map(idOf);
    const [first, second] = needs as [string, string];
    await send('PUT', `/need/${second}`, { description: 'Changée ailleurs' });
    const stale = await send('POST', '/need/bulk_status', { ids: needs, status: 'été traité', versions: { [first]: 1, [second]: 1 } });
    expect([stale.statusCode, stale.json()]).toEqual([409, { ok: false, code: 'STALE_RECORD', data: { [second]: 2 } }]);
    expect((await read(`/need/${first}`)).status).not.toBe('été traité');
    const current = await send('POST', '/need/bulk_status', { ids: needs, status: 'été traité', versions: { [first]: 1, [second]: 2 } });
    expect(current.json()).toMatchObject({ ok: true, results: [{ ok: true }, { ok: true }] });
    expect(await read(`/need/${second}`)).toMatchObject({ status: 'été traité', version: 3 });
  });

  it('move users at the versions sent; a stale one refuses the whole call and moves nobody', async () => {
    const [from, to] = [await insertCompany(ctx.server.app), await insertCompany(ctx.server.app)];
    const [first, second] = [await insertUser(ctx.server.app, { organisationId: from.id }), await insertUser(ctx.server.app, { organisationId: from.id })];
    await send('PUT', `/user/${second.id}`, { name: 'Renommée ailleurs' });
    const body = { ids: [first.id, second.id], organisation_id: to.id };
    const stale = await send('POST', '/user/bulk_move', { ...body, versions: { [first.id]: 1, [second.id]: 1 } });
    expect([stale.statusCode, stale.json()]).toEqual([409, { ok: false, code: 'STALE_RECORD', data: { [second.id]: 2 } }]);
    expect((await read(`/user/${first.id}`)).organisation_id).toBe(from.id);
    expect((await send('POST', '/user/bulk_move', { ...body, versions: { [first.id]: 1, [second.id]: 2 } })).json()).toMatchObject({ ok: true });
    expect((await read(`/user/${first.id}`)).organisation_id).toBe(to.id);
  });
});

describe('a balance never moves from a stale copy (issue 29 §2)', () => {
  const ledgerOf = async (companyId: string) =>
    ctx.server.app.db
      .select({ amount: creditEntries.amount })
      .from(creditEntries)
      .where(eq(creditEntries.companyId, companyId))
      .orderBy(creditEntries.createdAt);

  it('refuses the whole company sent back without a version after another admin adjusted the balance, and keeps the top-up', async () => {
    const company = await insertCompany(ctx.server.app, { name: 'Ateliers', creditBalance: 50 });
    const path = `/company/${company.id}`;
    // Admin A reads the company; admin B adds 100 credits through Adjust balance.
    const seenByA = await read(path);
    const b = await signIn(ctx.server.app, (await insertAdmin(ctx.server.app, { name: 'Hugo Simon' })).email);
    const topUp = await ctx.server.app.inject({
      method: 'POST',
      url: `/api/company/${company.id}/credit`,
      headers: { authorization: `JWT ${b.token}` },
      payload: { amount: 100, reason: 'Top-up' },
    });
    expect(topUp.json()).toMatchObject({ ok: true, data: { credit_balance: 150 } });
    const afterTopUp = await read(path);
    const { version: _seen, ...withoutVersion } = seenByA;

    // A sends the whole object back as spec clients do, without a version: refused, not a -100 entry under A's name.
    const refused = await send('PUT', path, { ...withoutVersion, name: 'Ateliers Réunis' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ ok: false, code: 'STALE_RECORD', data: afterTopUp });
    // With the version A read: refused too.
    expect((await send('PUT', path, { ...seenByA, name: 'Ateliers Réunis' })).json()).toEqual({ ok: false, code: 'STALE_RECORD', data: afterTopUp });
    expect((await send('PUT', path, { ...withoutVersion, name: 'Ateliers Réunis' }, ifMatch(seenByA.version))).statusCode).toBe(409);

    expect(await read(path)).toEqual(afterTopUp);
    expect(await ledgerOf(company.id)).toEqual([{ amount: 100 }]);
  });

  it('still takes a whole object without a version whose balance is the current one, and a new balance at the current version', async () => {
    const company = await insertCompany(ctx.server.app, { creditBalance: 20 });
    const path = `/company/${company.id}`;
    const { version, ...rest } = await read(path);
    expect((await send('PUT', path, { ...rest, city: 'Lyon' })).json()).toMatchObject({ ok: true, data: { city: 'Lyon', credit_balance: 20 } });
    const current = await read(path);
    expect(current.version).toBe(version + 1);
    const moved = await send('PUT', path, { ...current, credit_balance: 35 });
    expect(moved.json()).toMatchObject({ ok: true, data: { credit_balance: 35 } });
    expect(await ledgerOf(company.id)).toEqual([{ amount: 15 }]);
  });
});

describe("the signed-in admin's profile", () => {
  it('takes If-Match: a stale one is refused with the current profile, the current one applied and audited', async () => {
    const me = await signIn(ctx.server.app, (await insertAdmin(ctx.server.app, { name: 'Profile Owner' })).email);
    const asMe = (payload: object, headers: Record<string, string>) =>
      ctx.server.app.inject({ method: 'PUT', url: '/api/admin', headers: { authorization: `JWT ${me.token}`, ...headers }, payload });
    const profilePath = `/admin/${me.user._id}`;
    await send('PUT', profilePath, { name: 'Renamed by another' });
    const current = await read(profilePath);
    const stale = await asMe({ name: 'My own name' }, ifMatch(1));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ ok: false, code: 'STALE_RECORD', data: current });
    const overwritten = await asMe({ name: 'My own name' }, { ...ifMatch(current.version), 'x-overwrite': 'true' });
    expect(overwritten.json()).toMatchObject({ ok: true, data: { name: 'My own name', version: current.version + 1 } });
    expect(await lastAction('admin', me.user._id)).toBe('overwrite');
    expect((await asMe({ name: 'Again', version: 1 }, {})).json()).toMatchObject({ ok: false, code: 'STALE_RECORD' });
  });

  it('carries the version in the sign-in answer', async () => {
    const me = await signIn(ctx.server.app, (await insertAdmin(ctx.server.app)).email);
    expect(me.response.json().user.version).toBe(1);
  });
});

describe('category images', () => {
  it('carry their version, and a delete at a stale version is refused with the image as listed', async () => {
    const created = (await send('POST', '/category_image', { activity_domain: 'Expert IA', image_url: 'https://x.example/v.png' })).json().data;
    expect(created.version).toBe(1);
    await ctx.server.app.db.update(categoryImages).set({ imageUrl: 'https://x.example/w.png' }).where(eq(categoryImages.id, created._id));
    const listed = (await send('POST', '/category_image/search', {})).json().data.find((image: { _id: string }) => image._id === created._id);
    expect(listed).toMatchObject({ image_url: 'https://x.example/w.png', version: 2 });
    const stale = await send('DELETE', `/category_image/${created._id}`, undefined, ifMatch(1));
    expect(stale.json()).toEqual({ ok: false, code: 'STALE_RECORD', data: listed });
    expect((await send('DELETE', `/category_image/${created._id}`, undefined, ifMatch(2))).json()).toEqual({ ok: true });
  });
});

describe('the version trigger', () => {
  it('moves the version on every UPDATE that changes what an admin sees, whoever writes it, whatever it writes into version', async () => {
    const company = await insertCompany(ctx.server.app);
    const [moved] = await ctx.server.app.db.update(companies).set({ city: 'Brest', version: 99 }).where(eq(companies.id, company.id)).returning();
    expect(moved?.version).toBe(2);
    const [same] = await ctx.server.app.db.update(companies).set({ city: 'Brest' }).where(eq(companies.id, company.id)).returning();
    expect(same?.version).toBe(2);
  });

  it("does not move on housekeeping: a company's name copied onto its offers and needs, an admin's sign-in", async () => {
    const company = await insertCompany(ctx.server.app, { name: 'Avant' });
    const offer = (await send('POST', '/offer', { title: 'T', description: 'D', images: ['https://x.example/o.png'], organisation_id: company.id })).json()
      .data;
    const need = (await send('POST', '/need', { description: 'D', emergency: 'Maintenant', organisation_id: company.id })).json().data;
    await send('PUT', `/company/${company.id}`, { name: 'Après' });
    const [offerRow] = await ctx.server.app.db.select().from(offers).where(eq(offers.id, offer._id));
    const [needRow] = await ctx.server.app.db.select().from(needs).where(eq(needs.id, need._id));
    expect([offerRow?.organisationName, offerRow?.version]).toEqual(['Après', 1]);
    expect([needRow?.organisationName, needRow?.version]).toEqual(['Après', 1]);

    const admin = await insertAdmin(ctx.server.app);
    await signIn(ctx.server.app, admin.email);
    expect((await read(`/admin/${admin.id}`)).version).toBe(1);
  });
});

describe('the OpenAPI document', () => {
  it('documents If-Match and X-Overwrite on updates and deletes, and the version in records', async () => {
    type Operation = { parameters?: Array<{ name: string; in: string }> };
    const document = (await ctx.server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
    const headersOf = (path: string, method: string) =>
      (document.paths[path]?.[method]?.parameters ?? []).filter((parameter) => parameter.in === 'header').map((parameter) => parameter.name);
    for (const [path, method] of [
      ['/api/company/{id}', 'put'],
      ['/api/offer/{id}', 'put'],
      ['/api/need/{id}', 'put'],
      ['/api/user/{id}', 'put'],
      ['/api/admin/{id}', 'put'],
      ['/api/admin', 'put'],
      ['/api/company/{id}', 'delete'],
      ['/api/category_image/{id}', 'delete'],
    ] as const) {
      expect(headersOf(path, method), `${method} ${path}`).toEqual(expect.arrayContaining(['if-match', 'x-overwrite']));
    }
    expect(JSON.stringify(document)).toContain('STALE_RECORD');
  });
});
