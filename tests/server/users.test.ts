import { desc, eq, ilike, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outbox, users } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { containsPattern } from '../../server/lib/validation';
import { useSignedInServer } from '../helpers/testServer';
import { insertCompany, insertUser } from '../helpers/serverFixtures';
import { at, hexId, useSearchOrderServer } from '../helpers/searchOrder';

const ctx = useSignedInServer();

describe('POST /user/search', () => {
  it('filters by organisation and answers the organisation name', async () => {
    const company = await insertCompany(ctx.server.app, { name: 'Maison Azur' });
    await insertUser(ctx.server.app, { name: 'Inside One', organisationId: company.id });
    await insertUser(ctx.server.app, { name: 'Inside Two', organisationId: company.id });
    await insertUser(ctx.server.app, { name: 'Outside' });
    const body = (await ctx.me.call('POST', '/user/search', { organisation_id: company.id })).json();
    expect(body.total).toBe(2);
    expect(body.data.map((user: { name: string }) => user.name).sort()).toEqual(['Inside One', 'Inside Two']);
    expect(body.data[0]).toMatchObject({ organisation_id: company.id, organisation_name: 'Maison Azur' });
  });

  it('refuses a malformed organisation id', async () => {
    expect((await ctx.me.call('POST', '/user/search', { organisation_id: 'nope' })).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('POST /user/search: newest first (no sort) and filters on known rows', () => {
  const { ctx: searchCtx, company, remember, search } = useSearchOrderServer();

  beforeAll(async () => {
    const rows = [
      { label: 'U1', id: 4, name: 'Alice Martin', email: 'alice@atelier.test', organisationId: company.A },
      { label: 'U2', id: 3, name: 'Bruno Petit', email: 'bruno@verrerie.test', organisationId: company.B },
      { label: 'U3', id: 1, name: 'Chloe Martin', email: 'chloe@atelier.test', organisationId: company.A },
      { label: 'U4', id: 2, name: 'Denis Roux', email: 'martin.d@mail.test', organisationId: null },
    ];
    for (const [index, { label, id, ...values }] of rows.entries()) {
      await insertUser(searchCtx.server.app, { id: remember(label, hexId('d', id)), ...values, createdAt: at(30 + index) });
    }
  });

  it('answers newest first, whatever the ids', async () => {
    expect(await search('/user/search', {})).toEqual(['U4', 'U3', 'U2', 'U1']);
  });

  it('search keeps the rows matching name or e-mail, in any case, and drops the others', async () => {
    expect(await search('/user/search', { search: 'MARTIN' })).toEqual(['U4', 'U3', 'U1']);
    expect(await search('/user/search', { search: 'atelier' })).toEqual(['U3', 'U1']);
    expect(await search('/user/search', { search: 'petit' })).toEqual(['U2']);
    expect(await search('/user/search', { search: 'nobody' })).toEqual([]);
  });

  it('organisation_id keeps its members only, and combines with search', async () => {
    expect(await search('/user/search', { organisation_id: company.A })).toEqual(['U3', 'U1']);
    expect(await search('/user/search', { organisation_id: company.B })).toEqual(['U2']);
    expect(await search('/user/search', { organisation_id: company.A, search: 'chloe' })).toEqual(['U3']);
    expect(await search('/user/search', { organisation_id: company.B, search: 'martin' })).toEqual([]);
  });
});

describe('POST /user/search: the stored lower-case name and e-mail match what ILIKE on them matched', () => {
  const { ctx: searchCtx, remember, search } = useSearchOrderServer();
  const rows = [
    { label: 'V1', name: 'ÉLODIE Dupré', email: 'Elodie.Dupre@Mail.test' },
    { label: 'V2', name: 'élodie martin', email: 'em@atelier.test' },
    { label: 'V3', name: 'İlker Kaya', email: 'ilker@ÇARŞI.test' },
    { label: 'V4', name: 'Bio 100% Nature', email: 'bio_nature@mail.test' },
    { label: 'V5', name: 'Back\\Slash Straße', email: 'STRASSE@MAIL.TEST' },
    { label: 'V6', name: 'Ÿves Œuvre', email: 'yves@oeuvre.test' },
  ];

  beforeAll(async () => {
    for (const [index, { label, ...values }] of rows.entries()) {
      await insertUser(searchCtx.server.app, { id: remember(label, hexId('e', index + 1)), ...values, createdAt: at(60 + index) });
    }
  });

  /** The rows the search matched before migration 0012: `name ILIKE p OR email ILIKE p`, newest first. */
  async function byIlike(text: string): Promise<string[]> {
    const pattern = containsPattern(text);
    const matched = await searchCtx.server.app.db
      .select({ id: users.id })
      .from(users)
      .where(or(ilike(users.name, pattern), ilike(users.email, pattern)))
      .orderBy(desc(users.createdAt), desc(users.id));
    return matched.map(({ id }) => rows[Number(id.slice(1)) - 1]!.label);
  }

  it('the comparison is not empty: ASCII letters match in any case', async () => {
    expect(await search('/user/search', { search: 'MAIL.test' })).toEqual(['V5', 'V4', 'V1']);
  });

  it.each([
    'élodie',
    'ÉLODIE',
    'dupré',
    'DUPRÉ',
    'MAIL.test',
    'i̇lker',
    'İLKER',
    'çarşı',
    'ÇARŞI',
    '100%',
    '0%',
    '_',
    'o_n',
    '\\',
    'k\\s',
    'straße',
    'STRASSE',
    'ss',
    'ÿves',
    'œuvre',
    'ŒUVRE',
    'nobody',
  ])('%s', async (text) => {
    expect(await search('/user/search', { search: text })).toEqual(await byIlike(text));
  });
});

describe('POST /user/invite', () => {
  it('creates the user in the company and mails the invitation', async () => {
    const company = await insertCompany(ctx.server.app, { name: 'Studio Opale' });
    const response = await ctx.me.call('POST', '/user/invite', {
      name: 'Nina',
      email: 'Nina@Example.com',
      organisation_id: company.id,
      organisation_name: 'Forged',
      invited: true,
    });
    expect(response.json()).toMatchObject({
      ok: true,
      data: { name: 'Nina', email: 'nina@example.com', organisation_id: company.id, organisation_name: 'Studio Opale', invited: true },
    });
    const [mail] = await ctx.server.app.db.select().from(outbox).where(eq(outbox.recipient, 'nina@example.com'));
    expect(mail?.subject).toContain('Studio Opale');
  });

  it('answers EMAIL_TAKEN for an address in use', async () => {
    const company = await insertCompany(ctx.server.app);
    await insertUser(ctx.server.app, { email: 'taken.user@example.com' });
    const response = await ctx.me.call('POST', '/user/invite', { name: 'Twin', email: 'TAKEN.user@example.com', organisation_id: company.id, invited: true });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ ok: false, code: 'EMAIL_TAKEN' });
  });

  it('refuses a missing name or email, or an unknown company, and creates nothing', async () => {
    const company = await insertCompany(ctx.server.app);
    for (const payload of [
      { email: 'a1@example.com', organisation_id: company.id },
      { name: 'A', organisation_id: company.id },
      { name: 'A', email: 'a2@example.com', organisation_id: newId() },
      { name: 'A', email: 'a3@example.com' },
    ]) {
      const response = await ctx.me.call('POST', '/user/invite', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
    expect(await ctx.server.app.db.select().from(users).where(eq(users.email, 'a2@example.com'))).toHaveLength(0);
  });
});

describe('GET, PUT, DELETE /user/{id}', () => {
  it('reads a user with the organisation name', async () => {
    const company = await insertCompany(ctx.server.app, { name: 'Comptoir Iris' });
    const user = await insertUser(ctx.server.app, { name: 'Reader', organisationId: company.id });
    expect((await ctx.me.call('GET', `/user/${user.id}`)).json()).toMatchObject({
      ok: true,
      data: { _id: user.id, name: 'Reader', organisation_id: company.id, organisation_name: 'Comptoir Iris' },
    });
    expect((await ctx.me.call('GET', `/user/${newId()}`)).json()).toEqual({ ok: false, code: 'NOT_FOUND' });
  });

  it('moves a user to another company, whose own name is answered whatever name was sent', async () => {
    const from = await insertCompany(ctx.server.app, { name: 'From' });
    const to = await insertCompany(ctx.server.app, { name: 'To' });
    const user = await insertUser(ctx.server.app, { organisationId: from.id });
    const body = (
      await ctx.me.call('PUT', `/user/${user.id}`, {
        name: 'Moved',
        email: 'moved@example.com',
        organisation_id: to.id,
        organisation_name: 'Forged',
        last_login_at: '2000-01-01',
      })
    ).json();
    expect(body).toMatchObject({
      ok: true,
      data: { name: 'Moved', email: 'moved@example.com', organisation_id: to.id, organisation_name: 'To', last_login_at: null },
    });
  });

  it('refuses an unknown company, a taken e-mail and bad fields', async () => {
    const user = await insertUser(ctx.server.app);
    await insertUser(ctx.server.app, { email: 'occupied.user@example.com' });
    expect((await ctx.me.call('PUT', `/user/${user.id}`, { organisation_id: newId() })).json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { organisation_id: 'no such company' },
    });
    expect((await ctx.me.call('PUT', `/user/${user.id}`, { email: 'OCCUPIED.user@example.com' })).json()).toEqual({ ok: false, code: 'EMAIL_TAKEN' });
    expect((await ctx.me.call('PUT', `/user/${user.id}`, { email: 'bad' })).statusCode).toBe(400);
    expect((await ctx.me.call('PUT', `/user/${newId()}`, { name: 'x' })).statusCode).toBe(404);
  });

  it('deletes a user', async () => {
    const user = await insertUser(ctx.server.app);
    expect((await ctx.me.call('DELETE', `/user/${user.id}`)).json()).toEqual({ ok: true });
    expect((await ctx.me.call('GET', `/user/${user.id}`)).statusCode).toBe(404);
    expect((await ctx.me.call('DELETE', `/user/${user.id}`)).statusCode).toBe(404);
  });

  it('searches users by name and e-mail', async () => {
    await insertUser(ctx.server.app, { name: 'Zéphyrin Unique', email: 'zephyrin@example.com' });
    expect((await ctx.me.call('POST', '/user/search', { search: 'zéphyrin' })).json().total).toBe(1);
    expect((await ctx.me.call('POST', '/user/search', { search: 'ZEPHYRIN@' })).json().total).toBe(1);
  });
});

describe("'Login as'", () => {
  it('mints a single-use token for one user, never the session token, that the connect route exchanges once', async () => {
    const user = await insertUser(ctx.server.app, { name: 'Impersonated' });
    const minted = (await ctx.me.call('POST', `/user/${user.id}/impersonate`, {})).json();
    expect(minted).toMatchObject({ ok: true, data: { user_id: user.id, token: expect.any(String), expires_at: expect.any(String) } });
    expect(minted.data.token).not.toBe(ctx.me.token);
    const lifetime = new Date(minted.data.expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(30_000);
    expect(lifetime).toBeLessThanOrEqual(60_000);
    const exchange = () =>
      ctx.server.app.inject({ method: 'POST', url: '/api/user/impersonation/exchange', payload: { token: minted.data.token, user_id: user.id } });
    expect((await exchange()).json()).toMatchObject({ ok: true, data: { user: { _id: user.id, name: 'Impersonated' }, impersonated_by: ctx.me.id } });
    expect((await exchange()).json()).toEqual({ ok: false, code: 'INVALID_TOKEN' });
  });

  it('refuses a token for another user, a forged token and an unknown user', async () => {
    const user = await insertUser(ctx.server.app);
    const other = await insertUser(ctx.server.app);
    const minted = (await ctx.me.call('POST', `/user/${user.id}/impersonate`, {})).json();
    const wrongUser = await ctx.server.app.inject({
      method: 'POST',
      url: '/api/user/impersonation/exchange',
      payload: { token: minted.data.token, user_id: other.id },
    });
    expect(wrongUser.json()).toEqual({ ok: false, code: 'INVALID_TOKEN' });
    // A refused exchange uses nothing up: the token still works once, for its own user.
    const ownUser = await ctx.server.app.inject({
      method: 'POST',
      url: '/api/user/impersonation/exchange',
      payload: { token: minted.data.token, user_id: user.id },
    });
    expect(ownUser.json()).toMatchObject({ ok: true, data: { user: { _id: user.id } } });
    const gone = await insertUser(ctx.server.app);
    const goneToken = (await ctx.me.call('POST', `/user/${gone.id}/impersonate`, {})).json().data.token;
    await ctx.me.call('DELETE', `/user/${gone.id}`);
    const afterDelete = await ctx.server.app.inject({ method: 'POST', url: '/api/user/impersonation/exchange', payload: { token: goneToken } });
    expect(afterDelete.json()).toEqual({ ok: false, code: 'INVALID_TOKEN' });
    const forged = await ctx.server.app.inject({ method: 'POST', url: '/api/user/impersonation/exchange', payload: { token: 'forged' } });
    expect(forged.json()).toEqual({ ok: false, code: 'INVALID_TOKEN' });
    expect((await ctx.me.call('POST', `/user/${newId()}/impersonate`, {})).statusCode).toBe(404);
    expect((await ctx.server.app.inject({ method: 'POST', url: `/api/user/${user.id}/impersonate`, payload: {} })).statusCode).toBe(401);
  });
});
