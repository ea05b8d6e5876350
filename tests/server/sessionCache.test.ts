import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { admins, sessions } from '../../server/db/schema';
import { hashToken, newSecretToken } from '../../server/lib/ids';
import { sessionChangesHeard } from '../helpers/sessionChanges';
import { statementsSent } from '../helpers/statements';
import { TEST_PASSWORD, insertAdmin, openTestDatabase, signIn, signedInAdmin, testConfig, useSignedInServer } from '../helpers/testServer';

/**
 * Sessions kept in memory by each server (server/lib/sessionCache.ts): a protected call reads its session once,
 * and every change to sessions or admins, whoever writes it, drops what was kept. Changes written here straight
 * to the database stand for another server's: on PostgreSQL they are heard on another connection, a moment after
 * their commit, so those checks wait for it (a kept session would otherwise live on for a minute).
 */
const ctx = useSignedInServer();
const app = () => ctx.server.app;

const sessionReads = (server: FastifyInstance, call: () => Promise<unknown>) => statementsSent(server, '"sessions"', call);
const dashboard = (server: FastifyInstance, token: string) =>
  server.inject({ method: 'GET', url: '/api/dashboard', headers: { authorization: `JWT ${token}` } });
const signedInUser = (token: string) => app().inject({ method: 'GET', url: '/api/admin/signin_token', cookies: { ap_session: token } });
const waitForIt = { timeout: 2_000, interval: 20 };

describe('a session kept in memory', () => {
  it('is read from the database on its first call, then served from memory', async () => {
    const me = await signedInAdmin(app());
    // The sign-in's own change (the admin's last sign-in) drops kept sessions when it is heard.
    await sessionChangesHeard(app());
    expect(await sessionReads(app(), () => dashboard(app(), me.token))).toHaveLength(1);
    const reads = await sessionReads(app(), async () => {
      for (let call = 0; call < 3; call += 1) expect((await dashboard(app(), me.token)).statusCode).toBe(200);
    });
    expect(reads).toEqual([]);
  });

  it('is refused once the database tells of its deletion by another writer', async () => {
    const me = await signedInAdmin(app());
    expect((await dashboard(app(), me.token)).statusCode).toBe(200);
    await app()
      .db.delete(sessions)
      .where(eq(sessions.tokenHash, hashToken(me.token)));
    await vi.waitFor(async () => expect((await dashboard(app(), me.token)).statusCode).toBe(401), waitForIt);
  });

  it('brings its admin as changed by another writer, once the database tells of it', async () => {
    const me = await signedInAdmin(app());
    expect((await signedInUser(me.token)).json()).toMatchObject({ user: { name: 'Signed In' } });
    await app().db.update(admins).set({ name: 'Renamed Elsewhere' }).where(eq(admins.id, me.id));
    await vi.waitFor(async () => expect((await signedInUser(me.token)).json()).toMatchObject({ user: { name: 'Renamed Elsewhere' } }), waitForIt);
  });

  it('is kept no longer than the session lives', async () => {
    const { id } = await insertAdmin(app());
    const token = newSecretToken();
    const expiresAt = new Date(Date.now() + 2_000);
    await app()
      .db.insert(sessions)
      .values({ tokenHash: hashToken(token), adminId: id, expiresAt });
    // These inserts' own notifications would otherwise drop the kept session when heard, a moment later.
    await sessionChangesHeard(app());
    expect((await dashboard(app(), token)).statusCode).toBe(200);
    expect(await sessionReads(app(), () => dashboard(app(), token))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 100));
    expect((await dashboard(app(), token)).json()).toEqual({ ok: false, code: 'UNAUTHORIZED' });
  });

  it('is not kept when the session is unknown: each call with it reads again', async () => {
    const reads = await sessionReads(app(), async () => {
      for (let call = 0; call < 2; call += 1) expect((await dashboard(app(), newSecretToken())).statusCode).toBe(401);
    });
    expect(reads).toHaveLength(2);
  });
});

/**
 * A server that hears no notification at all: what it keeps is dropped only by its own changes (the routes'
 * forgetKeptSessions), which must be enough for its callers to read their writes at once.
 */
describe('a server’s own changes to sessions and admins', () => {
  let database: DatabaseHandle;
  let deaf: FastifyInstance;
  const uploadDir = mkdtempSync(join(tmpdir(), 'ap-uploads-'));

  beforeAll(async () => {
    database = await openTestDatabase();
    const muted: DatabaseHandle['listen'] = (channel, _onPayload, onLost) => database.listen(channel, () => undefined, onLost);
    deaf = await buildApp(testConfig({ uploadDir }), { database: { ...database, listen: muted }, logger: false });
    await deaf.ready();
  });
  afterAll(async () => {
    try {
      await deaf.close();
      await database.close();
    } finally {
      rmSync(uploadDir, { recursive: true, force: true });
    }
  });

  const kept = async (token: string) => {
    expect((await dashboard(deaf, token)).statusCode).toBe(200);
    expect(await sessionReads(deaf, () => dashboard(deaf, token))).toEqual([]);
  };

  it('a sign-out is refused at once', async () => {
    const me = await signedInAdmin(deaf);
    await kept(me.token);
    expect((await me.call('POST', '/admin/logout')).json()).toEqual({ ok: true });
    expect((await dashboard(deaf, me.token)).json()).toEqual({ ok: false, code: 'UNAUTHORIZED' });
  });

  it('a password change ends the admin’s other sessions at once', async () => {
    const me = await signedInAdmin(deaf);
    const { token: other } = await signIn(deaf, me.email);
    await kept(other);
    const changed = await me.call('POST', '/admin/reset_password', {
      password: TEST_PASSWORD,
      newPassword: 'another-pass-2',
      verifyPassword: 'another-pass-2',
    });
    expect(changed.json()).toEqual({ ok: true });
    expect((await dashboard(deaf, other)).statusCode).toBe(401);
  });

  it('a deleted admin’s session is refused at once', async () => {
    const me = await signedInAdmin(deaf);
    const doomed = await signedInAdmin(deaf);
    await kept(doomed.token);
    expect((await me.call('DELETE', `/admin/${doomed.id}`)).json()).toEqual({ ok: true });
    expect((await dashboard(deaf, doomed.token)).statusCode).toBe(401);
  });

  it('a refused or read-only call keeps what is kept', async () => {
    const me = await signedInAdmin(deaf);
    await kept(me.token);
    const refused = await deaf.inject({ method: 'POST', url: '/api/admin/signin', payload: { email: me.email, password: 'wrong-pass-9' } });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await sessionReads(deaf, () => dashboard(deaf, me.token))).toEqual([]);
    expect((await me.call('POST', '/admin/search', {})).statusCode).toBe(200);
    expect(await sessionReads(deaf, () => dashboard(deaf, me.token))).toEqual([]);
  });
});
