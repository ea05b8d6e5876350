import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { roomMessages, rooms } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { useSignedInServer } from '../helpers/testServer';
import { insertRoom } from '../helpers/serverFixtures';
import { at, hexId, useSearchOrderServer } from '../helpers/searchOrder';

const ctx = useSignedInServer();

describe('rooms and messages', () => {
  it('searches rooms with offset and limit, answering rooms and total', async () => {
    for (let index = 0; index < 12; index += 1)
      await insertRoom(ctx.server.app, { offerTitle: `Salon ${index}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)) });
    const first = (await ctx.me.call('POST', '/room/search', { search: 'salon', offset: 0, limit: 10 })).json();
    expect(first.total).toBe(12);
    expect(first.rooms).toHaveLength(10);
    expect(first.rooms[0]).toMatchObject({
      offer_title: 'Salon 11',
      offer_image: 'https://x.example/offer.png',
      seller: { name: expect.stringMatching(/^Seller/), logo_url: 'https://x.example/seller.png' },
      buyer: { name: expect.stringMatching(/^Buyer/) },
    });
    expect((await ctx.me.call('POST', '/room/search', { search: 'salon', offset: 10, limit: 10 })).json().rooms).toHaveLength(2);
    expect((await ctx.me.call('POST', '/room/search', { limit: 500 })).statusCode).toBe(400);
  });

  it('sends an admin message to a room, stored as plain text and answered with the room', async () => {
    const { room } = await insertRoom(ctx.server.app);
    const text = '<img src=x onerror=alert(1)> Bonjour';
    const sent = (await ctx.me.call('POST', '/message/from-admin', { text, room: room.id, sender_name: 'Forged Name', sender_logo: '' })).json();
    expect(sent).toMatchObject({ ok: true, data: { sender_id: ctx.me.id, sender_role: 'admin', sender_name: 'Forged Name', text } });
    const read = (await ctx.me.call('GET', `/room/${room.id}`)).json();
    expect(read).toMatchObject({ ok: true, room: { _id: room.id }, messages: [{ text, sender_id: ctx.me.id }] });
  });

  it('refuses an empty or blank message and a message to an unknown room', async () => {
    const { room } = await insertRoom(ctx.server.app);
    for (const text of ['', '   \n ']) {
      expect((await ctx.me.call('POST', '/message/from-admin', { text, room: room.id })).json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
    expect((await ctx.me.call('POST', '/message/from-admin', { text: 'hi', room: newId() })).json()).toEqual({ ok: false, code: 'NOT_FOUND' });
    expect((await ctx.me.call('GET', `/room/${newId()}`)).statusCode).toBe(404);
    expect((await ctx.me.call('GET', `/room/${room.id}`)).json().messages).toEqual([]);
  });
});

describe('POST /room/search: newest first (no sort) and search on known rows', () => {
  const { ctx: searchCtx, company, remember, search } = useSearchOrderServer();

  beforeAll(async () => {
    const rows = [
      { label: 'R1', id: 2, offerTitle: 'Lampe', sellerId: company.C, buyerId: company.A },
      { label: 'R2', id: 4, offerTitle: 'Banc', sellerId: company.A, buyerId: company.D },
      { label: 'R3', id: 1, offerTitle: 'Tapis', sellerId: company.E, buyerId: company.B },
      { label: 'R4', id: 3, offerTitle: 'Miroir', sellerId: company.B, buyerId: company.C },
    ];
    for (const [index, { label, id, ...values }] of rows.entries()) {
      await searchCtx.server.app.db.insert(rooms).values({ id: remember(label, hexId('e', id)), ...values, createdAt: at(50 + index) });
    }
  });

  it('answers newest first, whatever the ids, and as many as the limit asks', async () => {
    expect(await search('/room/search', {}, 'rooms')).toEqual(['R4', 'R3', 'R2', 'R1']);
    expect(await search('/room/search', { limit: 2 }, 'rooms')).toEqual(['R4', 'R3']);
  });

  it("search keeps the rows matching the offer's title, the seller's or the buyer's name, in any case, and drops the others", async () => {
    expect(await search('/room/search', { search: 'TAPIS' }, 'rooms')).toEqual(['R3']);
    // Orme sells in R2 and buys in R1; Acacia sells in R1 and buys in R4.
    expect(await search('/room/search', { search: 'orme' }, 'rooms')).toEqual(['R2', 'R1']);
    expect(await search('/room/search', { search: 'acacia' }, 'rooms')).toEqual(['R4', 'R1']);
    expect(await search('/room/search', { search: 'nobody' }, 'rooms')).toEqual([]);
  });
});

describe('rooms: last message and last activity', () => {
  const message = (roomId: string, text: string, minute: number) => ({
    id: newId(),
    roomId,
    senderId: newId(),
    senderRole: 'buyer' as const,
    senderName: 'Buyer',
    text,
    createdAt: new Date(Date.UTC(2026, 5, 1, 12, minute)),
  });
  const row = async (search: string) => {
    const [room] = (await ctx.me.call('POST', '/room/search', { search })).json<{ rooms: Array<Record<string, unknown>> }>().rooms;
    return room;
  };

  it('is the room creation without messages, then the latest message (whatever the insertion order), and the one before it once that is deleted', async () => {
    const created = new Date(Date.UTC(2026, 5, 1, 9));
    const { room } = await insertRoom(ctx.server.app, { offerTitle: 'Activity Alpha', createdAt: created });
    expect(await row('activity alpha')).toMatchObject({ last_message: null, last_activity_at: created.toISOString() });

    const later = message(room.id, 'Le dernier', 30);
    await ctx.server.app.db.insert(roomMessages).values([message(room.id, 'Premier', 10), later]);
    await ctx.server.app.db.insert(roomMessages).values(message(room.id, 'Arrivé en retard mais plus ancien', 20));
    expect(await row('activity alpha')).toMatchObject({ last_message: 'Le dernier', last_activity_at: later.createdAt.toISOString() });

    await ctx.server.app.db.delete(roomMessages).where(eq(roomMessages.id, later.id));
    expect(await row('activity alpha')).toMatchObject({
      last_message: 'Arrivé en retard mais plus ancien',
      last_activity_at: new Date(Date.UTC(2026, 5, 1, 12, 20)).toISOString(),
    });
    await ctx.server.app.db.delete(roomMessages).where(eq(roomMessages.roomId, room.id));
    expect(await row('activity alpha')).toMatchObject({ last_message: null, last_activity_at: created.toISOString() });
  });

  it("an admin's message through the API is the room's last message", async () => {
    const { room } = await insertRoom(ctx.server.app, { offerTitle: 'Activity Beta' });
    const sent = (await ctx.me.call('POST', '/message/from-admin', { text: 'Réponse admin', room: room.id })).json();
    expect(await row('activity beta')).toMatchObject({ last_message: 'Réponse admin', last_activity_at: sent.data.created_at });
  });

  it('sorts by last activity by default (latest first, id breaking ties), and by created_at or last_activity_at on request', async () => {
    const make = (title: string, minute: number) => insertRoom(ctx.server.app, { offerTitle: title, createdAt: new Date(Date.UTC(2026, 6, 1, 0, minute)) });
    const { room: old } = await make('Order Old', 1);
    await make('Order Middle', 2);
    await make('Order New', 3);
    // The oldest room gets the latest message: it comes first.
    await ctx.server.app.db.insert(roomMessages).values({ ...message(old.id, 'Relance', 0), createdAt: new Date(Date.UTC(2026, 6, 2)) });
    const titles = async (body: object) =>
      (await ctx.me.call('POST', '/room/search', { search: 'order ', ...body }))
        .json<{ rooms: Array<{ offer_title: string }> }>()
        .rooms.map((r) => r.offer_title);
    expect(await titles({})).toEqual(['Order Old', 'Order New', 'Order Middle']);
    expect(await titles({ sort: { last_activity_at: 1 } })).toEqual(['Order Middle', 'Order New', 'Order Old']);
    expect(await titles({ sort: { created_at: -1 } })).toEqual(['Order New', 'Order Middle', 'Order Old']);
    expect((await ctx.me.call('POST', '/room/search', { sort: { offer_title: 1 } })).json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
  });
});

describe('GET /room/{id}: a bounded page of messages, older ones by `before`', () => {
  it('answers the latest `limit` messages oldest first with has_more, then the ones before a message', async () => {
    const { room, buyer } = await insertRoom(ctx.server.app);
    const all = Array.from({ length: 7 }, (_, index) => ({
      id: newId(),
      roomId: room.id,
      senderId: buyer.id,
      senderRole: 'buyer' as const,
      senderName: 'Buyer',
      text: `m${index}`,
      // Two share a time: the id orders them.
      createdAt: new Date(Date.UTC(2026, 7, 1, 0, Math.min(index, 5))),
    }));
    await ctx.server.app.db.insert(roomMessages).values(all);
    const texts = (body: { messages: Array<{ text: string }> }) => body.messages.map((m) => m.text);
    const sameTime = all
      .slice(5)
      .sort((x, y) => x.id.localeCompare(y.id))
      .map((m) => m.text);
    const latest = (await ctx.me.call('GET', `/room/${room.id}?limit=3`)).json();
    expect(texts(latest)).toEqual(['m4', ...sameTime]);
    expect(latest.has_more).toBe(true);
    const older = (await ctx.me.call('GET', `/room/${room.id}?limit=3&before=${latest.messages[0]._id}`)).json();
    expect(texts(older)).toEqual(['m1', 'm2', 'm3']);
    expect(older.has_more).toBe(true);
    const oldest = (await ctx.me.call('GET', `/room/${room.id}?limit=3&before=${older.messages[0]._id}`)).json();
    expect(texts(oldest)).toEqual(['m0']);
    expect(oldest.has_more).toBe(false);
    expect((await ctx.me.call('GET', `/room/${room.id}`)).json().messages).toHaveLength(7);
    expect((await ctx.me.call('GET', `/room/${room.id}?before=${newId()}`)).statusCode).toBe(404);
    expect((await ctx.me.call('GET', `/room/${room.id}?limit=101`)).statusCode).toBe(400);
  });
});
