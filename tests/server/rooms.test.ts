import { beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '../../server/db/schema';
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
