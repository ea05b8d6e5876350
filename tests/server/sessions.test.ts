import { BACKGROUND_CALL_HEADER } from '../../shared/catalogue/backgroundCalls';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditEvents, sessions } from '../../server/db/schema';
import { hashToken } from '../../server/lib/ids';
import { pruneExpired } from '../../server/lib/pruneExpired';
import { TEST_PASSWORD, insertAdmin, useSignedInServer } from '../helpers/testServer';
import type { AdminSession } from '../../shared/contract/sessions';

const context = useSignedInServer();
const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** A sign-in from a given browser, and a caller with its token. */
async function openSession(app: FastifyInstance, email: string, userAgent = CHROME_LINUX) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/signin',
    headers: { 'user-agent': userAgent },
    payload: { email, password: TEST_PASSWORD },
  });
  const { token } = response.json<{ token: string }>();
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string) => app.inject({ method, url: `/api${url}`, headers: { authorization: `JWT ${token}` } });
  return { token, call };
}

/** An admin signed in twice, from two browsers. */
async function twoSessions(role: 'owner' | 'support' = 'support') {
  const { app } = context.server;
  const { id, email } = await insertAdmin(app, { role });
  const laptop = await openSession(app, email, CHROME_LINUX);
  const office = await openSession(app, email, FIREFOX_WINDOWS);
  return { id, laptop, office };
}

const sessionIdOf = async (token: string) =>
  (
    await context.server.app.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0]?.id ?? '';
const listOf = async (call: (method: 'GET', url: string) => Promise<{ json: <T>() => T }>, url = '/admin/sessions') =>
  (await call('GET', url)).json<{ data: AdminSession[] }>().data;

describe('GET /admin/sessions', () => {
  it("lists the admin's own live sessions, the current one marked, browser read, no secret", async () => {
    const { laptop, office } = await twoSessions();
    await context.me.call('GET', '/admin/sessions');
    const response = await laptop.call('GET', '/admin/sessions');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: AdminSession[]; idle_minutes: number }>();
    expect(body.idle_minutes).toBe(60);
    expect(body.data).toHaveLength(2);
    expect(body.data.map((row) => [row.browser, row.current]).sort()).toEqual([
      ['Chrome 131 on Linux', true],
      ['Firefox 133 on Windows', false],
    ]);
    expect(body.data[0]).toEqual({
      _id: expect.stringMatching(/^[a-f0-9]{24}$/),
      created_at: expect.any(String),
      last_seen_at: expect.any(String),
      ip: '127.0.0.1',
      browser: expect.any(String),
      current: expect.any(Boolean),
    });
    for (const secret of [laptop.token, office.token, hashToken(laptop.token), hashToken(office.token)]) expect(response.body).not.toContain(secret);
  });

  it('puts the most recently used first', async () => {
    const { laptop, office } = await twoSessions();
    const { db } = context.server.app;
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '10 minutes'` })
      .where(eq(sessions.tokenHash, hashToken(laptop.token)));
    const rows = await listOf(office.call);
    expect(rows.map((row) => row.current)).toEqual([true, false]);
  });
});

describe('ending sessions', () => {
  it('DELETE /admin/sessions/{id} ends one: its token is refused at once, the others go on, and it is audited', async () => {
    const { id, laptop, office } = await twoSessions();
    expect((await office.call('GET', '/admin/sessions')).statusCode).toBe(200);
    const officeId = await sessionIdOf(office.token);
    const response = await laptop.call('DELETE', `/admin/sessions/${officeId}`);
    expect(response.json()).toEqual({ ok: true });
    expect((await office.call('GET', '/admin/sessions')).json()).toEqual({ ok: false, code: 'UNAUTHORIZED' });
    expect((await listOf(laptop.call)).map((row) => row.current)).toEqual([true]);
    const events = await context.server.app.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(events.map((event) => event.action)).toContain('session_revoke');
  });

  it("answers 404 for another admin's session or an unknown one, and ends nothing", async () => {
    const mine = await twoSessions();
    const theirs = await twoSessions();
    const theirId = await sessionIdOf(theirs.office.token);
    for (const url of [`/admin/sessions/${theirId}`, '/admin/sessions/0123456789abcdef01234567']) {
      const response = await mine.laptop.call('DELETE', url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ ok: false, code: 'NOT_FOUND' });
    }
    expect((await theirs.office.call('GET', '/admin/sessions')).statusCode).toBe(200);
  });

  it('ending the current session signs out: the cookie is cleared and the token refused', async () => {
    const { laptop } = await twoSessions();
    const response = await laptop.call('DELETE', `/admin/sessions/${await sessionIdOf(laptop.token)}`);
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/ap_session=;/);
    expect((await laptop.call('GET', '/admin/sessions')).statusCode).toBe(401);
  });

  it('POST /admin/sessions/revoke_others ends all but the current one', async () => {
    const { app } = context.server;
    const { id, email, laptop, office } = await (async () => {
      const admin = await insertAdmin(app, { role: 'finance' });
      return { ...admin, laptop: await openSession(app, admin.email), office: await openSession(app, admin.email) };
    })();
    const phone = await openSession(app, email);
    const response = await laptop.call('POST', '/admin/sessions/revoke_others');
    expect(response.json()).toEqual({ ok: true, revoked: 2 });
    for (const other of [office, phone]) expect((await other.call('GET', '/admin/sessions')).statusCode).toBe(401);
    expect((await listOf(laptop.call)).length).toBe(1);
    const events = await app.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(events.filter((event) => event.action === 'session_revoke')).toHaveLength(1);
  });
});

describe("an owner and another admin's sessions", () => {
  it('an owner lists and ends them', async () => {
    const { id, laptop, office } = await twoSessions();
    const rows = await listOf(context.me.call, `/admin/${id}/sessions`);
    expect(rows.map((row) => row.current)).toEqual([false, false]);
    const laptopId = await sessionIdOf(laptop.token);
    expect((await context.me.call('DELETE', `/admin/${id}/sessions/${laptopId}`)).json()).toEqual({ ok: true });
    expect((await laptop.call('GET', '/admin/sessions')).statusCode).toBe(401);
    expect((await office.call('GET', '/admin/sessions')).statusCode).toBe(200);
  });

  it("answers 404 for an unknown admin, and for a session that is not that admin's", async () => {
    const { id } = await twoSessions();
    expect((await context.me.call('GET', '/admin/0123456789abcdef01234567/sessions')).statusCode).toBe(404);
    const other = await twoSessions();
    const response = await context.me.call('DELETE', `/admin/${id}/sessions/${await sessionIdOf(other.laptop.token)}`);
    expect(response.statusCode).toBe(404);
    expect((await other.laptop.call('GET', '/admin/sessions')).statusCode).toBe(200);
  });

  it('refuses a non-owner with 403 and ends nothing', async () => {
    const { id, laptop } = await twoSessions('owner');
    const finance = await twoSessions();
    expect((await finance.laptop.call('GET', `/admin/${id}/sessions`)).json()).toEqual({ ok: false, code: 'FORBIDDEN' });
    const response = await finance.laptop.call('DELETE', `/admin/${id}/sessions/${await sessionIdOf(laptop.token)}`);
    expect(response.statusCode).toBe(403);
    expect((await laptop.call('GET', '/admin/sessions')).statusCode).toBe(200);
  });
});

describe('the idle timeout', () => {
  const setLastSeen = (token: string, minutesAgo: number) =>
    context.server.app.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - minutesAgo * 60_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));

  it('refuses a session unused for SESSION_IDLE_MINUTES, within its lifetime, and leaves it out of lists', async () => {
    const { laptop, office } = await twoSessions();
    await setLastSeen(office.token, 61);
    // Writing last_seen_at notifies no cache (migration 0024): this test's write stands for time passing.
    context.server.app.sessionCache.forgetAll();
    expect((await office.call('GET', '/admin/sessions')).json()).toEqual({ ok: false, code: 'UNAUTHORIZED' });
    expect((await listOf(laptop.call)).map((row) => row.current)).toEqual([true]);
  });

  it('keeps a kept session no longer than its idle deadline', async () => {
    const { office } = await twoSessions();
    expect((await office.call('GET', '/admin/sessions')).statusCode).toBe(200);
    await setLastSeen(office.token, 60 - 1 / 60);
    context.server.app.sessionCache.forgetAll();
    // Read and kept with about a second to live; its use within the minute writes nothing (throttled).
    expect((await office.call('GET', '/admin/sessions')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await office.call('GET', '/admin/sessions')).statusCode).toBe(401);
  });

  it('moves last_seen_at with use, at most once a minute', async () => {
    const { office } = await twoSessions();
    const lastSeen = async () =>
      (
        await context.server.app.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(office.token)))
      )[0]?.lastSeenAt;
    await setLastSeen(office.token, 30);
    expect((await office.call('GET', '/admin/sessions')).statusCode).toBe(200);
    const moved = await lastSeen();
    expect(Date.now() - (moved?.getTime() ?? 0)).toBeLessThan(10_000);
    await setLastSeen(office.token, 30);
    expect((await office.call('GET', '/admin/sessions')).statusCode).toBe(200);
    expect(Date.now() - ((await lastSeen())?.getTime() ?? 0)).toBeGreaterThan(29 * 60_000);
  });

  it('housekeeping deletes idle-expired sessions and keeps the others', async () => {
    const { laptop, office } = await twoSessions();
    await setLastSeen(office.token, 61);
    await pruneExpired(context.server.app.db, 900, 60);
    const left = (await context.server.app.db.select({ tokenHash: sessions.tokenHash }).from(sessions)).map((row) => row.tokenHash);
    expect(left).toContain(hashToken(laptop.token));
    expect(left).not.toContain(hashToken(office.token));
  });
});

describe('what counts as use', () => {
  it("a record page's presence heartbeat does not move last_seen_at", async () => {
    const { app } = context.server;
    const { email } = await insertAdmin(app, { role: 'support' });
    const office = await openSession(app, email);
    const before = new Date(Date.now() - 30 * 60_000);
    await app.db
      .update(sessions)
      .set({ lastSeenAt: before })
      .where(eq(sessions.tokenHash, hashToken(office.token)));
    const heartbeat = await app.inject({
      method: 'POST',
      url: '/api/presence',
      headers: { authorization: `JWT ${office.token}` },
      payload: { resource: 'company', id: '0123456789abcdef01234567', tab_id: 'tab-00000001' },
    });
    expect(heartbeat.statusCode).toBe(200);
    const [row] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(office.token)));
    expect(row?.lastSeenAt.getTime()).toBe(before.getTime());
  });

  it('a call the console makes on a timer (X-Background-Call: 1) does not either; the same call without it does', async () => {
    const { app } = context.server;
    const { email } = await insertAdmin(app, { role: 'finance' });
    const office = await openSession(app, email);
    const before = new Date(Date.now() - 30 * 60_000);
    const lastSeen = async () =>
      (
        await app.db
          .select({ at: sessions.lastSeenAt })
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(office.token)))
      )[0]?.at.getTime();
    await app.db
      .update(sessions)
      .set({ lastSeenAt: before })
      .where(eq(sessions.tokenHash, hashToken(office.token)));
    const count = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/credit_request/search',
        headers: { authorization: `JWT ${office.token}`, ...headers },
        payload: { status: 'pending', offset: 0 },
      });
    expect((await count({ [BACKGROUND_CALL_HEADER]: '1' })).statusCode).toBe(200);
    expect(await lastSeen()).toBe(before.getTime());
    expect((await count({})).statusCode).toBe(200);
    expect(await lastSeen()).toBeGreaterThan(before.getTime());
  });
});
