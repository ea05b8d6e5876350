import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { roomMessages } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import type { RoomMessage } from '../../shared/contract/rooms';
import { readEventStream, type ReadEvent } from '../helpers/eventStreamReader';
import { insertRoom } from '../helpers/serverFixtures';
import { useInstancesOverOneDatabase } from '../helpers/instancesOverOneDatabase';
import { insertAdmin, signIn } from '../helpers/testServer';

/**
 * GET /room/{id}/events over real HTTP (inject cannot hold a stream open), with two server instances over one
 * database as behind a load balancer: on PostgreSQL each has its own pool and LISTEN connection, on PGlite they
 * share its one session (see twoInstances.test.ts).
 */
const instances = useInstancesOverOneDatabase();
const buildInstance = () => instances.build({ devRoutes: true });
let a: FastifyInstance;
let b: FastifyInstance;
let baseA = '';
let token = '';

beforeAll(async () => {
  a = await buildInstance();
  b = await buildInstance();
  baseA = await a.listen({ host: '127.0.0.1', port: 0 });
  ({ token } = await signIn(a, (await insertAdmin(a)).email));
});

/** A room's event stream on the first instance, read as the signed-in admin. */
const openStream = (path: string) => readEventStream(`${baseA}/api${path}`, { authorization: `JWT ${token}` });

const postAsBuyer = (app: FastifyInstance, roomId: string, text: string) =>
  app.inject({ method: 'POST', url: `/api/dev/room/${roomId}/message`, headers: { authorization: `JWT ${token}` }, payload: { role: 'buyer', text } });

describe('GET /room/{id}/events', () => {
  it('delivers a message written through another server instance within a second, as the room read answers it', async () => {
    const { room } = await insertRoom(a);
    const stream = await openStream(`/room/${room.id}/events`);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const started = Date.now();
      const written = await postAsBuyer(b, room.id, 'Bonjour depuis B');
      expect(written.statusCode).toBe(200);
      const event = await stream.next(1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(event).toMatchObject({ event: 'message', id: written.json<{ data: RoomMessage }>().data._id });
      const sent = JSON.parse((event as ReadEvent).data ?? '') as RoomMessage;
      const read = (await a.inject({ method: 'GET', url: `/api/room/${room.id}`, headers: { authorization: `JWT ${token}` } })).json<{
        messages: RoomMessage[];
      }>();
      expect(sent).toEqual(read.messages.at(-1));
      expect(sent).toMatchObject({ text: 'Bonjour depuis B', sender_role: 'buyer' });
    } finally {
      stream.close();
    }
  });

  it("sends only the room's own messages, in the order they were written", async () => {
    const { room } = await insertRoom(a);
    const { room: other } = await insertRoom(a);
    const stream = await openStream(`/room/${room.id}/events`);
    try {
      await postAsBuyer(b, other.id, 'elsewhere');
      for (const text of ['one', 'two', 'three']) await postAsBuyer(b, room.id, text);
      const texts: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const event = await stream.next(1000);
        texts.push((JSON.parse((event as ReadEvent).data ?? '{}') as RoomMessage).text);
      }
      expect(texts).toEqual(['one', 'two', 'three']);
      expect(await stream.next(300)).toBe('timeout');
    } finally {
      stream.close();
    }
  });

  it('resumed with `after`, first sends the messages written since that one', async () => {
    const { room } = await insertRoom(a);
    const first = (await postAsBuyer(b, room.id, 'held')).json<{ data: RoomMessage }>().data;
    await postAsBuyer(b, room.id, 'missed');
    const stream = await openStream(`/room/${room.id}/events?after=${first._id}`);
    try {
      const event = await stream.next(1000);
      expect(JSON.parse((event as ReadEvent).data ?? '{}')).toMatchObject({ text: 'missed' });
      await postAsBuyer(b, room.id, 'live');
      expect(JSON.parse(((await stream.next(1000)) as ReadEvent).data ?? '{}')).toMatchObject({ text: 'live' });
    } finally {
      stream.close();
    }
  });

  it('refuses without a session (401) and for an unknown room (404), in the envelope, before any stream', async () => {
    const { room } = await insertRoom(a);
    for (const headers of [{}, { authorization: 'JWT not-a-live-token' }] as Array<Record<string, string>>) {
      const response = await fetch(`${baseA}/api/room/${room.id}/events`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ ok: false, code: 'UNAUTHORIZED' });
    }
    const unknown = await fetch(`${baseA}/api/room/${newId()}/events`, { headers: { authorization: `JWT ${token}` } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ ok: false, code: 'NOT_FOUND' });
  });

  it('forgets a stream its client closed: later messages still reach the streams still open', async () => {
    const { room } = await insertRoom(a);
    const leaving = await openStream(`/room/${room.id}/events`);
    const staying = await openStream(`/room/${room.id}/events`);
    leaving.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await postAsBuyer(b, room.id, 'after one left');
    expect(JSON.parse(((await staying.next(1000)) as ReadEvent).data ?? '{}')).toMatchObject({ text: 'after one left' });
    staying.close();
  });

  it('a direct insert (any writer, not only the API) is pushed too', async () => {
    const { room, buyer } = await insertRoom(a);
    const stream = await openStream(`/room/${room.id}/events`);
    try {
      await b.db
        .insert(roomMessages)
        .values({ id: newId(), roomId: room.id, senderId: buyer.id, senderRole: 'buyer', senderName: 'Buyer', text: 'straight in' });
      expect(JSON.parse(((await stream.next(1000)) as ReadEvent).data ?? '{}')).toMatchObject({ text: 'straight in' });
    } finally {
      stream.close();
    }
  });
});

describe('closing the server', () => {
  it('ends the open streams cleanly and releases the listener', async () => {
    const c = await buildInstance();
    const base = await c.listen({ host: '127.0.0.1', port: 0 });
    const { room } = await insertRoom(c);
    const response = await fetch(`${base}/api/room/${room.id}/events`, { headers: { authorization: `JWT ${token}` } });
    const reader = response.body?.getReader();
    await reader?.read();
    const closing = c.close();
    // The stream ends (done), not with an error, and close() does not wait for the client.
    const rest = await (async () => {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return 'ended';
      }
    })();
    expect(rest).toBe('ended');
    await closing;
    // The database is still open for the other instances: a write after the close reaches nobody and fails nothing.
    expect((await postAsBuyer(a, room.id, 'after close')).statusCode).toBe(200);
  });
});
