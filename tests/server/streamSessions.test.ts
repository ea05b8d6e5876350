import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Config } from '../../server/config';
import { admins, sessions } from '../../server/db/schema';
import { hashToken } from '../../server/lib/ids';
import { STREAM_SESSION_CHECK_MS } from '../../server/lib/streamSessions';
import { useInstancesOverOneDatabase } from '../helpers/instancesOverOneDatabase';
import { STREAM_ROUTES, declaredStreamRoutes, eventsUntilEnd, openStreamOf, sessionIdOf } from '../helpers/streamRoutes';
import { insertAdmin, signIn } from '../helpers/testServer';

/**
 * Every server-sent route (from the OpenAPI document) ends when its session does, and carries nothing after: streams are
 * read over real HTTP. tests/server-postgres/streamSessionsTwoServers.test.ts ends them through another server.
 */
const instances = useInstancesOverOneDatabase();
/** MFA_REQUIRED_ROLES names finance: a support admin made finance without a second factor may stream no more. */
const serverConfig: Partial<Config> = { mfaRequiredRoles: ['finance'] };
let app: FastifyInstance;
let base = '';
let streamRoutes: string[] = [];

async function listening(overrides: Partial<Config> = {}) {
  const server = await instances.build({ ...serverConfig, ...overrides });
  return { server, base: await server.listen({ host: '127.0.0.1', port: 0 }) };
}

beforeAll(async () => {
  ({ server: app, base } = await listening());
  streamRoutes = await declaredStreamRoutes(app);
});

/** A support admin signed in twice: the stream's session and another one of theirs. */
async function supportAdmin(server = app) {
  const { id, email } = await insertAdmin(server, { role: 'support' });
  return { id, token: (await signIn(server, email)).token, other: (await signIn(server, email)).token };
}

const PROMPTLY_MS = 5000;

describe('the stream routes', () => {
  it('are those the document declares, each with a way to open it in tests/helpers/streamRoutes.ts', () => {
    expect(streamRoutes.length).toBeGreaterThan(0);
    expect(streamRoutes).toEqual(Object.keys(STREAM_ROUTES).sort());
  });
});

type Admin = Awaited<ReturnType<typeof supportAdmin>>;

/** Each way a session stops admitting a stream, done as another session or another writer would; then the route answers `refusal`. */
const endings: Record<string, { refusal: number; end(admin: Admin): Promise<void> }> = {
  'its session is revoked from another session': {
    refusal: 401,
    end: async (admin) => {
      const revoked = await app.inject({
        method: 'DELETE',
        url: `/api/admin/sessions/${await sessionIdOf(app, admin.token)}`,
        headers: { authorization: `JWT ${admin.other}` },
      });
      expect(revoked.json()).toEqual({ ok: true });
    },
  },
  'its session is signed out': {
    refusal: 401,
    end: async (admin) => {
      expect((await app.inject({ method: 'POST', url: '/api/admin/logout', headers: { authorization: `JWT ${admin.token}` } })).statusCode).toBe(200);
    },
  },
  'its session expires early (a change to the row)': {
    refusal: 401,
    end: async (admin) => {
      await app.db
        .update(sessions)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(sessions.tokenHash, hashToken(admin.token)));
    },
  },
  'its admin is deleted': {
    refusal: 401,
    end: async (admin) => {
      await app.db.delete(admins).where(eq(admins.id, admin.id));
    },
  },
  'its admin becomes a role that must first enrol a second factor': {
    refusal: 403,
    end: async (admin) => {
      await app.db.update(admins).set({ role: 'finance' }).where(eq(admins.id, admin.id));
    },
  },
};

describe('an open stream, its periodic re-check stopped', () => {
  // Only streams opened meanwhile lose their timer: what ends them is the change heard, or the check before an event.
  let timers: MockInstance<typeof setInterval> | undefined;
  beforeAll(() => {
    const setIntervalAsIs = globalThis.setInterval;
    timers = vi
      .spyOn(globalThis, 'setInterval')
      .mockImplementation(((handler: () => void, ms?: number) =>
        setIntervalAsIs(ms === STREAM_SESSION_CHECK_MS ? () => undefined : handler, ms)) as typeof setInterval);
  });
  afterAll(() => timers?.mockRestore());

  it.each(Object.keys(endings))('ends within 5 s when %s, as it is heard, and carries nothing written after it', async (ending) => {
    const { end, refusal } = endings[ending] ?? { end: () => Promise.reject(new Error(ending)), refusal: 0 };
    for (const route of streamRoutes) {
      const admin = await supportAdmin();
      const provoked = await openStreamOf(route, app, base, admin.token);
      const quiet = await openStreamOf(route, app, base, admin.token);
      try {
        const started = Date.now();
        await end(admin);
        await provoked.provoke(app);
        expect(await eventsUntilEnd(provoked.stream, PROMPTLY_MS), route).toEqual([]);
        // With nothing to deliver, only the change heard ends it.
        expect(await eventsUntilEnd(quiet.stream, PROMPTLY_MS), route).toEqual([]);
        expect(Date.now() - started, route).toBeLessThan(PROMPTLY_MS);
        // Refused as any call of the session now is: the console, reconnecting, stops (and signs out on 401).
        const again = await fetch(`${base}/api${provoked.path}`, { headers: { authorization: `JWT ${admin.token}` } });
        expect(again.status, route).toBe(refusal);
      } finally {
        provoked.stream.close();
        quiet.stream.close();
      }
    }
  });
});

describe('an open stream', () => {
  it('goes on when its admin changes to a role that still has what the route needs, and when another session is revoked', async () => {
    for (const route of streamRoutes) {
      const admin = await supportAdmin();
      const opened = await openStreamOf(route, app, base, admin.token);
      try {
        await app.db.update(admins).set({ role: 'operations' }).where(eq(admins.id, admin.id));
        await app.inject({
          method: 'DELETE',
          url: `/api/admin/sessions/${await sessionIdOf(app, admin.other)}`,
          headers: { authorization: `JWT ${admin.token}` },
        });
        await opened.provoke(app);
        expect(await opened.stream.next(2000), route).toMatchObject({ event: expect.any(String) });
        expect(await opened.stream.next(2500), route).toBe('timeout');
      } finally {
        opened.stream.close();
      }
    }
  });

  it('re-checks its session before each event, not only when a change is heard or on its timer', async () => {
    // A server whose session cache stopped listening hears no change: only the check before the event stands.
    const deaf = await listening();
    await deaf.server.sessionCache.close();
    for (const route of streamRoutes) {
      const admin = await supportAdmin(deaf.server);
      const opened = await openStreamOf(route, deaf.server, deaf.base, admin.token);
      try {
        await deaf.server.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(admin.token)));
        await opened.provoke(deaf.server);
        expect(await eventsUntilEnd(opened.stream, PROMPTLY_MS), route).toEqual([]);
      } finally {
        opened.stream.close();
      }
    }
  });
});

describe('a stream whose session runs out of time', () => {
  /** Nothing uses the session after its sign-in: its deadline is the sign-in's time plus the allowance. */
  async function endsNearDeadline(overrides: Partial<Config>, allowanceMs: number) {
    const server = await listening(overrides);
    await Promise.all(
      streamRoutes.map(async (route) => {
        const signedInAt = Date.now();
        const admin = await supportAdmin(server.server);
        const opened = await openStreamOf(route, server.server, server.base, admin.token);
        try {
          // Open until shortly before the deadline: its heartbeats and re-checks are no use of the session.
          expect(await opened.stream.next(Math.max(1, signedInAt + allowanceMs - 1500 - Date.now())), route).toBe('timeout');
          expect(await eventsUntilEnd(opened.stream, PROMPTLY_MS + 1500), route).toEqual([]);
          expect(Date.now() - signedInAt, route).toBeLessThan(allowanceMs + PROMPTLY_MS);
        } finally {
          opened.stream.close();
        }
      }),
    );
  }

  it('ends within 5 s of its idle deadline (SESSION_IDLE_MINUTES)', async () => {
    await endsNearDeadline({ sessionIdleMinutes: 0.1 }, 6000);
  });

  it('ends within 5 s of its expiry (SESSION_TTL_HOURS)', async () => {
    await endsNearDeadline({ sessionTtlHours: 6 / 3600 }, 6000);
  });
});
