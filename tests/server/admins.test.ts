import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { admins, outbox } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { insertAdmin, signedInAdmin, useSignedInServer } from '../helpers/testServer';
import { at, hexId, useSearchOrderServer } from '../helpers/searchOrder';

const ctx = useSignedInServer();

type AdminBody = { _id: string; name: string; email: string; last_login_at: string | null };

describe('POST /admin/search', () => {
  beforeAll(async () => {
    const base = Date.UTC(2026, 0, 1);
    await ctx.server.app.db.insert(admins).values(
      Array.from({ length: 23 }, (_, index) => ({
        id: newId(),
        name: `Pager ${String(index).padStart(2, '0')}`,
        email: `pager${index}@search.test`,
        createdAt: new Date(base + index * 60_000),
      })),
    );
  });

  it('answers 10 rows a page, newest first, with the total, and pages by offset', async () => {
    const first = (await ctx.me.call('POST', '/admin/search', { search: 'search.test', offset: 0 })).json();
    expect(first).toMatchObject({ ok: true, total: 23 });
    expect(first.data).toHaveLength(10);
    expect(first.data[0].name).toBe('Pager 22');
    const third = (await ctx.me.call('POST', '/admin/search', { search: 'search.test', offset: 20 })).json();
    expect(third.data.map((admin: AdminBody) => admin.name)).toEqual(['Pager 02', 'Pager 01', 'Pager 00']);
  });

  it('searches name and e-mail without regard to case, literally', async () => {
    const byName = (await ctx.me.call('POST', '/admin/search', { search: 'PAGER 1' })).json();
    expect(byName.total).toBe(10);
    const byEmail = (await ctx.me.call('POST', '/admin/search', { search: 'pager7@' })).json();
    expect(byEmail.data.map((admin: AdminBody) => admin.email)).toEqual(['pager7@search.test']);
    const wildcard = (await ctx.me.call('POST', '/admin/search', { search: '%' })).json();
    expect(wildcard.total).toBe(0);
  });

  it('never answers a password hash', async () => {
    const response = await ctx.me.call('POST', '/admin/search', {});
    expect(response.body).not.toMatch(/scrypt|password/i);
  });

  it('refuses a bad offset or search', async () => {
    for (const payload of [{ offset: -10 }, { offset: 'x' }, { offset: 1.5 }, { search: 42 }, { search: 'x'.repeat(201) }]) {
      const response = await ctx.me.call('POST', '/admin/search', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
  });

  it('needs a session', async () => {
    const response = await ctx.server.app.inject({ method: 'POST', url: '/api/admin/search', payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ ok: false, code: 'UNAUTHORIZED' });
  });
});

describe('POST /admin/search: newest first (no sort) and search on known rows', () => {
  const { ctx: searchCtx, remember, search } = useSearchOrderServer();

  beforeAll(async () => {
    const rows = [
      { label: 'M1', id: 3, name: 'Nadia Klein', email: 'nadia@ops.test' },
      { label: 'M2', id: 1, name: 'Omar Diallo', email: 'omar@klein-ops.test' },
      { label: 'M3', id: 2, name: 'Paul Weber', email: 'paul@support.test' },
    ];
    for (const [index, { label, id, ...values }] of rows.entries()) {
      await searchCtx.server.app.db.insert(admins).values({ id: remember(label, hexId('9', id)), ...values, createdAt: at(40 + index) });
    }
  });

  it('answers newest first, whatever the ids', async () => {
    expect(await search('/admin/search', {})).toEqual(['M3', 'M2', 'M1']);
  });

  it('search keeps the rows matching name or e-mail, in any case, and drops the others', async () => {
    expect(await search('/admin/search', { search: 'KLEIN' })).toEqual(['M2', 'M1']);
    expect(await search('/admin/search', { search: 'support' })).toEqual(['M3']);
    expect(await search('/admin/search', { search: 'nadia' })).toEqual(['M1']);
    expect(await search('/admin/search', { search: 'nobody' })).toEqual([]);
  });
});

describe('POST /admin', () => {
  it('creates an admin without a password and mails them a set-password link', async () => {
    const response = await ctx.me.call('POST', '/admin', { name: '  Nouvelle Admin ', email: 'New.Admin@Example.com', password_hash: 'injected', _id: 'x' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ ok: true, data: { name: 'Nouvelle Admin', email: 'new.admin@example.com', last_login_at: null } });
    expect(body.data._id).toMatch(/^[a-f0-9]{24}$/);
    const [row] = await ctx.server.app.db.select().from(admins).where(eq(admins.id, body.data._id));
    expect(row?.passwordHash).toBeNull();
    const [mail] = await ctx.server.app.db.select().from(outbox).where(eq(outbox.recipient, 'new.admin@example.com'));
    expect(mail?.body).toMatch(/\/auth\/reset\?token=/);
  });

  it('refuses a taken e-mail with EMAIL_TAKEN, whatever its case', async () => {
    await insertAdmin(ctx.server.app, { email: 'taken@example.com' });
    const response = await ctx.me.call('POST', '/admin', { name: 'Twin', email: 'TAKEN@example.com' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ ok: false, code: 'EMAIL_TAKEN' });
  });

  it('refuses a missing name or a bad e-mail and stores nothing', async () => {
    for (const payload of [{ email: 'a@b.co' }, { name: '', email: 'a@b.co' }, { name: 'A', email: 'nope' }, {}]) {
      const response = await ctx.me.call('POST', '/admin', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
    expect(await ctx.server.app.db.select().from(admins).where(eq(admins.email, 'a@b.co'))).toHaveLength(0);
  });
});

describe('GET, PUT, DELETE /admin/{id}', () => {
  it('reads an admin', async () => {
    const { id, email } = await insertAdmin(ctx.server.app, { name: 'Readable' });
    const response = await ctx.me.call('GET', `/admin/${id}`);
    expect(response.json()).toMatchObject({ ok: true, data: { _id: id, name: 'Readable', email } });
    expect(response.body).not.toMatch(/scrypt|password/i);
  });

  it('answers NOT_FOUND for an unknown id and VALIDATION_ERROR for a malformed one', async () => {
    const unknown = await ctx.me.call('GET', `/admin/${newId()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ ok: false, code: 'NOT_FOUND' });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const malformed = await ctx.me.call(method, '/admin/not-an-id', method === 'PUT' ? { name: 'x' } : undefined);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
  });

  it('updates name and e-mail and ignores fields it does not own', async () => {
    const { id } = await insertAdmin(ctx.server.app, { name: 'Before' });
    const response = await ctx.me.call('PUT', `/admin/${id}`, { name: 'After', email: 'after@example.com', password_hash: 'x', last_login_at: '2020-01-01' });
    expect(response.json()).toMatchObject({ ok: true, data: { _id: id, name: 'After', email: 'after@example.com', last_login_at: null } });
    const [row] = await ctx.server.app.db.select().from(admins).where(eq(admins.id, id));
    expect(row?.passwordHash).not.toBe('x');
  });

  it('refuses an update to a taken e-mail, an empty name, or an unknown id', async () => {
    const { id } = await insertAdmin(ctx.server.app);
    await insertAdmin(ctx.server.app, { email: 'occupied@example.com' });
    expect((await ctx.me.call('PUT', `/admin/${id}`, { email: 'occupied@example.com' })).json()).toEqual({ ok: false, code: 'EMAIL_TAKEN' });
    expect((await ctx.me.call('PUT', `/admin/${id}`, { name: '' })).json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    expect((await ctx.me.call('PUT', `/admin/${newId()}`, { name: 'Ghost' })).statusCode).toBe(404);
  });

  it('deletes another admin and ends their sessions', async () => {
    const other = await signedInAdmin(ctx.server.app);
    const response = await ctx.me.call('DELETE', `/admin/${other.id}`);
    expect(response.json()).toEqual({ ok: true });
    expect((await ctx.me.call('GET', `/admin/${other.id}`)).statusCode).toBe(404);
    expect((await other.call('POST', '/admin/search', {})).statusCode).toBe(401);
    expect((await ctx.me.call('DELETE', `/admin/${other.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete oneself with CANNOT_DELETE_SELF', async () => {
    const response = await ctx.me.call('DELETE', `/admin/${ctx.me.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ ok: false, code: 'CANNOT_DELETE_SELF' });
    expect((await ctx.me.call('GET', `/admin/${ctx.me.id}`)).statusCode).toBe(200);
  });

  it('needs a session for each of them', async () => {
    const { id } = await insertAdmin(ctx.server.app);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await ctx.server.app.inject({ method, url: `/api/admin/${id}`, ...(method === 'PUT' ? { payload: { name: 'x' } } : {}) });
      expect(response.statusCode).toBe(401);
    }
    expect((await ctx.me.call('GET', `/admin/${id}`)).json().data.name).toBe('Test Admin');
  });
});

describe('PUT /admin (own profile)', () => {
  it('updates the signed-in admin', async () => {
    const self = await signedInAdmin(ctx.server.app);
    const response = await self.call('PUT', '/admin', { name: 'Renamed Me', email: 'renamed.me@example.com' });
    expect(response.json()).toMatchObject({ ok: true, data: { _id: self.id, name: 'Renamed Me', email: 'renamed.me@example.com' } });
  });

  it('refuses a bad e-mail', async () => {
    const response = await ctx.me.call('PUT', '/admin', { email: 'bad' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR', errors: { email: expect.any(String) } });
  });
});

describe('the API surface', () => {
  it('answers NOT_FOUND as JSON for an unknown API path', async () => {
    const response = await ctx.me.call('GET', '/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ ok: false, code: 'NOT_FOUND' });
  });

  it('answers CORS only for configured origins, with credentials', async () => {
    const allowed = await ctx.server.app.inject({
      method: 'OPTIONS',
      url: '/api/admin/search',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const denied = await ctx.server.app.inject({
      method: 'OPTIONS',
      url: '/api/admin/search',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('reports health', async () => {
    const response = await ctx.server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ ok: true });
  });
});

describe('the mail round after an admin is written', () => {
  it('runs for a new admin and a changed e-mail, and not for a rename', async () => {
    const flush = vi.spyOn(ctx.server.app.mail, 'flush');
    try {
      const created = (await ctx.me.call('POST', '/admin', { name: 'Mailed', email: 'mailed@example.com' })).json().data;
      expect(flush).toHaveBeenCalledTimes(1);
      await ctx.me.call('PUT', `/admin/${created._id}`, { name: 'Renamed only' });
      expect(flush).toHaveBeenCalledTimes(1);
      await ctx.me.call('PUT', `/admin/${created._id}`, { email: 'mailed-again@example.com' });
      expect(flush).toHaveBeenCalledTimes(2);
    } finally {
      flush.mockRestore();
    }
  });
});
