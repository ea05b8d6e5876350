import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { admins } from '../../server/db/schema';
import { STREAM_SESSION_CHECK_MS } from '../../server/lib/streamSessions';
import { useInstancesOverOneDatabase } from '../helpers/instancesOverOneDatabase';
import { declaredStreamRoutes, eventsUntilEnd, openStreamOf, sessionIdOf } from '../helpers/streamRoutes';
import { insertAdmin, signIn } from '../helpers/testServer';

// Runs in the PostgreSQL pass only: the streams on server A, the session ended through server B, each with its own
// pool and listening connection, as two processes behind a load balancer.
const instances = useInstancesOverOneDatabase();
let a: FastifyInstance;
let b: FastifyInstance;
let baseA = '';
let streamRoutes: string[] = [];
// A's periodic re-check never fires: what ends its streams is what it heard from B's commits, or the check before an event.
let timers: MockInstance<typeof setInterval> | undefined;

beforeAll(async () => {
  const setIntervalAsIs = globalThis.setInterval;
  timers = vi
    .spyOn(globalThis, 'setInterval')
    .mockImplementation(((handler: () => void, ms?: number) =>
      setIntervalAsIs(ms === STREAM_SESSION_CHECK_MS ? () => undefined : handler, ms)) as typeof setInterval);
  a = await instances.build({ mfaRequiredRoles: ['finance'] });
  b = await instances.build({ mfaRequiredRoles: ['finance'] });
  baseA = await a.listen({ host: '127.0.0.1', port: 0 });
  streamRoutes = await declaredStreamRoutes(a);
});
afterAll(() => timers?.mockRestore());

async function supportAdmin() {
  const { id, email } = await insertAdmin(a, { role: 'support' });
  return { id, token: (await signIn(a, email)).token, other: (await signIn(b, email)).token };
}
type Admin = Awaited<ReturnType<typeof supportAdmin>>;

const endingsThroughB: Record<string, (admin: Admin) => Promise<void>> = {
  'its session is revoked': async (admin) => {
    const revoked = await b.inject({
      method: 'DELETE',
      url: `/api/admin/sessions/${await sessionIdOf(b, admin.token)}`,
      headers: { authorization: `JWT ${admin.other}` },
    });
    expect(revoked.json()).toEqual({ ok: true });
  },
  'its admin is deleted': async (admin) => {
    await b.db.delete(admins).where(eq(admins.id, admin.id));
  },
  'its admin becomes a role that must first enrol a second factor': async (admin) => {
    await b.db.update(admins).set({ role: 'finance' }).where(eq(admins.id, admin.id));
  },
};

describe('a stream on one server', () => {
  it.each(Object.keys(endingsThroughB))('ends within 5 s when, through another server, %s, and carries nothing written after it', async (ending) => {
    expect(streamRoutes.length).toBeGreaterThan(0);
    for (const route of streamRoutes) {
      const admin = await supportAdmin();
      const provoked = await openStreamOf(route, a, baseA, admin.token);
      const quiet = await openStreamOf(route, a, baseA, admin.token);
      try {
        const started = Date.now();
        await endingsThroughB[ending]?.(admin);
        // Written through B at once: A hears of the message and of the ending on two connections.
        await provoked.provoke(b);
        expect(await eventsUntilEnd(provoked.stream, 5000), route).toEqual([]);
        expect(await eventsUntilEnd(quiet.stream, 5000), route).toEqual([]);
        expect(Date.now() - started, route).toBeLessThan(5000);
      } finally {
        provoked.stream.close();
        quiet.stream.close();
      }
    }
  });
});
