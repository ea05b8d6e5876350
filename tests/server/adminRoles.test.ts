import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admins } from '../../server/db/schema';
import { refuseNoOwnerLeft } from '../../server/lib/owners';
import { insertAdmin, signedInAdmin, useSignedInServer } from '../helpers/testServer';

const ctx = useSignedInServer();
const roleOf = async (id: string) => (await ctx.server.app.db.select({ role: admins.role }).from(admins).where(eq(admins.id, id)))[0]?.role;

describe("an admin's role", () => {
  it('is support when POST /admin names none, and the one an owner names otherwise', async () => {
    const plain = await ctx.me.call('POST', '/admin', { name: 'Sans Rôle', email: 'sans.role@example.com' });
    expect(plain.json()).toMatchObject({ ok: true, data: { role: 'support' } });
    const finance = await ctx.me.call('POST', '/admin', { name: 'Fin Ance', email: 'fin.ance@example.com', role: 'finance' });
    expect(finance.json()).toMatchObject({ ok: true, data: { role: 'finance' } });
    expect(await roleOf(finance.json().data._id)).toBe('finance');
  });

  it('shows in the record, the list and the export', async () => {
    const { id } = await insertAdmin(ctx.server.app, { name: 'Role Shown', email: 'role.shown@example.com', role: 'operations' });
    expect((await ctx.me.call('GET', `/admin/${id}`)).json().data.role).toBe('operations');
    const listed = (await ctx.me.call('POST', '/admin/search', { search: 'role.shown', offset: 0 })).json();
    expect(listed.data.map((admin: { role: string }) => admin.role)).toEqual(['operations']);
    const exported = await ctx.me.call('POST', '/admin/export', { search: 'role.shown', offset: 0 });
    expect(exported.body).toContain(';operations;');
  });

  it('is changed by an owner, and refuses a role that does not exist', async () => {
    const { id } = await insertAdmin(ctx.server.app, { role: 'support' });
    expect((await ctx.me.call('PUT', `/admin/${id}`, { role: 'finance' })).json()).toMatchObject({ ok: true, data: { role: 'finance' } });
    const refused = await ctx.me.call('PUT', `/admin/${id}`, { role: 'superuser' });
    expect(refused.statusCode).toBe(400);
    expect(await roleOf(id)).toBe('finance');
  });

  it('takes effect at the next call of a signed-in admin: promoted, they may; demoted, they may not', async () => {
    const other = await signedInAdmin(ctx.server.app, 'support');
    expect((await other.call('POST', '/admin/search', { offset: 0 })).statusCode).toBe(200);
    expect((await other.call('POST', '/admin/export', { offset: 0 })).statusCode).toBe(403);
    await ctx.me.call('PUT', `/admin/${other.id}`, { role: 'finance' });
    expect((await other.call('POST', '/admin/export', { offset: 0 })).statusCode).toBe(200);
    await ctx.me.call('PUT', `/admin/${other.id}`, { role: 'support' });
    expect((await other.call('POST', '/admin/export', { offset: 0 })).json()).toEqual({ ok: false, code: 'FORBIDDEN' });
  });

  it('is never changed by the admin themselves, through either PUT, and nothing else of the call is saved', async () => {
    const mine = await ctx.me.call('PUT', `/admin/${ctx.me.id}`, { role: 'support', name: 'Not Saved' });
    expect(mine.statusCode).toBe(403);
    expect(mine.json()).toEqual({ ok: false, code: 'FORBIDDEN' });
    expect((await ctx.me.call('PUT', '/admin', { role: 'finance' })).json()).toEqual({ ok: false, code: 'FORBIDDEN' });
    expect(await roleOf(ctx.me.id)).toBe('owner');
    const [me] = await ctx.server.app.db.select({ name: admins.name }).from(admins).where(eq(admins.id, ctx.me.id));
    expect(me?.name).not.toBe('Not Saved');
    // Sending one's own role back unchanged (the whole record) is no change of it.
    expect((await ctx.me.call('PUT', '/admin', { role: 'owner', name: 'Signed In' })).statusCode).toBe(200);
  });

  it("is never set from another role's session: only owners write admins", async () => {
    const finance = await signedInAdmin(ctx.server.app, 'finance');
    const { id } = await insertAdmin(ctx.server.app, { role: 'support' });
    expect((await finance.call('PUT', `/admin/${id}`, { role: 'owner' })).statusCode).toBe(403);
    expect((await finance.call('PUT', '/admin', { role: 'owner' })).statusCode).toBe(403);
    expect(await roleOf(finance.id)).toBe('finance');
    expect(await roleOf(id)).toBe('support');
  });
});

describe('the last owner', () => {
  it('lets an owner demote or delete another owner while one is left', async () => {
    const { id: demoted } = await insertAdmin(ctx.server.app, { role: 'owner' });
    expect((await ctx.me.call('PUT', `/admin/${demoted}`, { role: 'operations' })).statusCode).toBe(200);
    const { id: deleted } = await insertAdmin(ctx.server.app, { role: 'owner' });
    expect((await ctx.me.call('DELETE', `/admin/${deleted}`)).statusCode).toBe(200);
  });

  it('is refused (409 LAST_OWNER) in the transaction that would leave no owner, which then changes nothing', async () => {
    const { db } = ctx.server.app;
    const owners = await db.select({ id: admins.id }).from(admins).where(eq(admins.role, 'owner'));
    const refusal = db.transaction(async (tx) => {
      await tx.update(admins).set({ role: 'support' }).where(eq(admins.role, 'owner'));
      await refuseNoOwnerLeft(tx);
    });
    await expect(refusal).rejects.toMatchObject({ status: 409, code: 'LAST_OWNER' });
    expect(await db.select({ id: admins.id }).from(admins).where(eq(admins.role, 'owner'))).toEqual(owners);
    await expect(db.transaction((tx) => refuseNoOwnerLeft(tx))).resolves.toBeUndefined();
  });
});
