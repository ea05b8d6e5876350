import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../server/db/schema';
import { hashToken } from '../../server/lib/ids';
import { useInstancesOverOneDatabase } from '../helpers/instancesOverOneDatabase';
import { sessionChangesHeard } from '../helpers/sessionChanges';
import { insertAdmin, signIn } from '../helpers/testServer';

// Runs in the PostgreSQL pass only: two servers, each with its own pool and listening connection.
const instances = useInstancesOverOneDatabase();
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  a = await instances.build();
  b = await instances.build();
});

const as = (app: FastifyInstance, token: string) => (method: 'GET' | 'POST' | 'DELETE', url: string) =>
  app.inject({ method, url: `/api${url}`, headers: { authorization: `JWT ${token}` } });
const sessionIdOf = async (token: string) =>
  (
    await a.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0]?.id;

/** Within the notification's delay, far below the cache's 60 s safety net. */
const refusedSoonOn = (app: FastifyInstance, token: string) =>
  vi.waitFor(async () => expect((await as(app, token)('GET', '/admin/sessions')).json()).toEqual({ ok: false, code: 'UNAUTHORIZED' }), {
    timeout: 2_000,
    interval: 20,
  });

async function signedInTwice(role: 'owner' | 'support' = 'support') {
  const { id, email } = await insertAdmin(a, { role });
  return { id, laptop: (await signIn(a, email)).token, office: (await signIn(a, email)).token };
}

describe('a session ended through one server', () => {
  it('is refused by the other, which kept it in memory', async () => {
    const { laptop, office } = await signedInTwice();
    expect((await as(b, office)('GET', '/admin/sessions')).statusCode).toBe(200);
    expect((await as(a, laptop)('DELETE', `/admin/sessions/${await sessionIdOf(office)}`)).json()).toEqual({ ok: true });
    await refusedSoonOn(b, office);
    expect((await as(b, laptop)('GET', '/admin/sessions')).statusCode).toBe(200);
  });

  it('revoke_others and an owner’s revocation reach the other server too', async () => {
    const { id, laptop, office } = await signedInTwice();
    const owner = await signedInTwice('owner');
    expect((await as(b, office)('GET', '/admin/sessions')).statusCode).toBe(200);
    expect((await as(b, laptop)('GET', '/admin/sessions')).statusCode).toBe(200);
    expect((await as(a, laptop)('POST', '/admin/sessions/revoke_others')).json()).toEqual({ ok: true, revoked: 1 });
    await refusedSoonOn(b, office);
    expect((await as(a, owner.laptop)('DELETE', `/admin/${id}/sessions/${await sessionIdOf(laptop)}`)).json()).toEqual({ ok: true });
    await refusedSoonOn(b, laptop);
  });
});

describe('a session’s use', () => {
  it('writes last_seen_at without telling the servers’ session caches', async () => {
    const { office } = await signedInTwice();
    await sessionChangesHeard(a);
    const heard = a.sessionCache.lastNotification;
    await a.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '5 minutes'` })
      .where(eq(sessions.tokenHash, hashToken(office)));
    expect((await as(b, office)('GET', '/admin/sessions')).statusCode).toBe(200);
    const [row] = await a.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(office)));
    expect(Date.now() - (row?.lastSeenAt.getTime() ?? 0)).toBeLessThan(60_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(a.sessionCache.lastNotification).toBe(heard);
  });
});
