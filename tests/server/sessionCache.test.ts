import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { admins, sessions } from '../../server/db/schema';
import { hashToken, newSecretToken } from '../../server/lib/ids';
import { statementsSent } from '../helpers/statements';
import { insertAdmin, signedInAdmin, useSignedInServer } from '../helpers/testServer';

/**
 * Sessions kept in memory by each server (server/lib/sessionCache.ts): a protected call reads its session once,
 * and every change to sessions or admins, whoever writes it, drops what was kept. Changes written here straight
 * to the database stand for another server's: on PostgreSQL they are heard on another connection, a moment after
 * their commit, so those checks wait for it (a kept session would otherwise live on for a minute).
 */
const ctx = useSignedInServer();
const app = () => ctx.server.app;

const sessionReads = (call: () => Promise<unknown>) => statementsSent(app(), '"sessions"', call);
const adminPage = (token: string) => app().inject({ method: 'GET', url: '/api/dashboard', headers: { authorization: `JWT ${token}` } });
const signedInUser = (token: string) => app().inject({ method: 'GET', url: '/api/admin/signin_token', cookies: { ap_session: token } });

describe('a session kept in memory', () => {
  it('is read from the database on its first call, then served from memory', async () => {
    const me = await signedInAdmin(app());
    const firstCall = await sessionReads(async () => expect((await adminPage(me.token)).statusCode).toBe(200));
    expect(firstCall).toHaveLength(1);
    // On PostgreSQL the sign-in's own change (the admin's last sign-in) may be heard after that first call.
    await vi.waitFor(async () => expect(await sessionReads(() => adminPage(me.token))).toEqual([]), { timeout: 2_000, interval: 20 });
    const reads = await sessionReads(async () => {
      for (let call = 0; call < 3; call += 1) expect((await adminPage(me.token)).statusCode).toBe(200);
    });
    expect(reads).toEqual([]);
  });

  it('is refused at once after a sign-out through this server', async () => {
    const me = await signedInAdmin(app());
    expect((await adminPage(me.token)).statusCode).toBe(200);
    expect((await me.call('POST', '/admin/logout')).statusCode).toBe(200);
    expect((await adminPage(me.token)).json()).toEqual({ ok: false, code: 'UNAUTHORIZED' });
  });

  it('of another admin is refused at once after this server ends it (a password change ends the other sessions)', async () => {
    const me = await signedInAdmin(app());
    const other = await app().inject({ method: 'POST', url: '/api/admin/signin', payload: { email: me.email, password: 'secret-pass-1' } });
    const otherToken = other.json<{ token: string }>().token;
    expect((await adminPage(otherToken)).statusCode).toBe(200);
    const changed = await me.call('POST', '/admin/reset_password', {
      password: 'secret-pass-1',
      newPassword: 'another-pass-2',
      verifyPassword: 'another-pass-2',
    });
    expect(changed.json()).toEqual({ ok: true });
    expect((await adminPage(otherToken)).statusCode).toBe(401);
    expect((await adminPage(me.token)).statusCode).toBe(200);
  });

  it('is refused once the database tells of its deletion by another writer', async () => {
    const me = await signedInAdmin(app());
    expect((await adminPage(me.token)).statusCode).toBe(200);
    await app()
      .db.delete(sessions)
      .where(eq(sessions.tokenHash, hashToken(me.token)));
    await vi.waitFor(async () => expect((await adminPage(me.token)).statusCode).toBe(401), { timeout: 2_000, interval: 20 });
  });

  it('brings its admin as changed by another writer, once the database tells of it', async () => {
    const me = await signedInAdmin(app());
    expect((await signedInUser(me.token)).json()).toMatchObject({ user: { name: 'Signed In' } });
    await app().db.update(admins).set({ name: 'Renamed Elsewhere' }).where(eq(admins.id, me.id));
    await vi.waitFor(async () => expect((await signedInUser(me.token)).json()).toMatchObject({ user: { name: 'Renamed Elsewhere' } }), {
      timeout: 2_000,
      interval: 20,
    });
  });

  it('is not kept past its expiry', async () => {
    const { id } = await insertAdmin(app());
    const token = newSecretToken();
    await app()
      .db.insert(sessions)
      .values({ tokenHash: hashToken(token), adminId: id, expiresAt: new Date(Date.now() + 600) });
    expect((await adminPage(token)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await adminPage(token)).json()).toEqual({ ok: false, code: 'UNAUTHORIZED' });
  });

  it('is not kept when the session is unknown: each call with it reads again', async () => {
    const reads = await sessionReads(async () => {
      for (let call = 0; call < 2; call += 1) expect((await adminPage(newSecretToken())).statusCode).toBe(401);
    });
    expect(reads).toHaveLength(2);
  });
});
