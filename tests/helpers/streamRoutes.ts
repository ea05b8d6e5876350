import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { roomMessages, sessions } from '../../server/db/schema';
import { hashToken, newId } from '../../server/lib/ids';
import { readEventStream, type ReadEvent } from './eventStreamReader';
import { insertCompany, insertRoom } from './serverFixtures';
import { insertAdmin, signIn } from './testServer';

/** One stream of a route, open on a fresh record: `provoke` makes it owe its client an event, from any server. */
export interface OpenedStream {
  path: string;
  /** Read before the test begins: the events the stream sends as it opens. */
  opening: number;
  provoke(writer: FastifyInstance): Promise<void>;
}

/**
 * How to open each server-sent route, by its OpenAPI operation (`GET /api/room/{id}/events`); a new stream route
 * fails tests/server/streamSessions.test.ts until it is named here, and is then checked like the others.
 */
export const STREAM_ROUTES: Record<string, (app: FastifyInstance) => Promise<OpenedStream>> = {
  'GET /api/room/{id}/events': async (app) => {
    const { room, buyer } = await insertRoom(app);
    return {
      path: `/room/${room.id}/events`,
      opening: 0,
      provoke: async (writer) => {
        await writer.db
          .insert(roomMessages)
          .values({ id: newId(), roomId: room.id, senderId: buyer.id, senderRole: 'buyer', senderName: 'Buyer', text: 'after the session ended' });
      },
    };
  },
  'GET /api/presence/{resource}/{id}/events': async (app) => {
    const company = await insertCompany(app);
    const visitor = await signIn(app, (await insertAdmin(app, { role: 'support' })).email);
    return {
      path: `/presence/company/${company.id}/events?tab_id=tab-${newId()}`,
      opening: 1,
      provoke: async (writer) => {
        const arrival = await writer.inject({
          method: 'POST',
          url: '/api/presence',
          headers: { authorization: `JWT ${visitor.token}` },
          payload: { resource: 'company', id: company.id, tab_id: `tab-${newId()}` },
        });
        expect(arrival.statusCode).toBe(200);
      },
    };
  },
};

/** The stream routes the published document declares (a 200 answered as `text/event-stream`). */
export async function declaredStreamRoutes(app: FastifyInstance): Promise<string[]> {
  type Operation = { responses?: Record<string, { content?: Record<string, unknown> }> };
  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
  return Object.entries(document.paths)
    .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })))
    .filter(({ operation }) => operation.responses?.['200']?.content?.['text/event-stream'] !== undefined)
    .map(({ method, path }) => `${method.toUpperCase()} ${path}`)
    .sort();
}

/** A second session of the admin, to end the first with, and the first's id. */
export async function sessionIdOf(app: FastifyInstance, token: string): Promise<string> {
  const [row] = await app.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  if (!row) throw new Error('no such session');
  return row.id;
}

/** An open stream of `route` on `base` as `token`, past its opening events. */
export async function openStreamOf(route: string, app: FastifyInstance, base: string, token: string) {
  const open = STREAM_ROUTES[route];
  if (!open) throw new Error(`${route}: not in STREAM_ROUTES (tests/helpers/streamRoutes.ts)`);
  const opened = await open(app);
  const stream = await readEventStream(`${base}/api${opened.path}`, { authorization: `JWT ${token}` });
  expect(stream.response.status, route).toBe(200);
  for (let index = 0; index < opened.opening; index += 1) expect(await stream.next(2000), route).toMatchObject({ event: expect.any(String) });
  return { ...opened, stream };
}

/** Every event until the stream ends; 'timeout' in the list if it is still open after `withinMs`. */
export async function eventsUntilEnd(stream: Awaited<ReturnType<typeof readEventStream>>, withinMs: number): Promise<Array<ReadEvent | 'timeout'>> {
  const deadline = Date.now() + withinMs;
  const events: Array<ReadEvent | 'timeout'> = [];
  for (;;) {
    const event = await stream.next(Math.max(1, deadline - Date.now()));
    if (event === 'closed') return events;
    events.push(event);
    if (event === 'timeout') return events;
  }
}
