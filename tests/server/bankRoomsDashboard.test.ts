import { describe, expect, it } from 'vitest';
import { newId } from '../../server/lib/ids';
import { buildTestServer, signedInAdmin, useSignedInServer } from '../helpers/testServer';
import { insertCompany, insertRoom } from '../helpers/serverFixtures';

const ctx = useSignedInServer({ devRoutes: true });

describe('category images', () => {
  it('creates, lists by domain or all, and deletes', async () => {
    const created = (await ctx.me.call('POST', '/category_image', { activity_domain: 'Mobilier', image_url: 'https://x.example/m.png' })).json();
    expect(created).toMatchObject({ ok: true, data: { activity_domain: 'Mobilier', image_url: 'https://x.example/m.png' } });
    await ctx.me.call('POST', '/category_image', { activity_domain: 'Expert IA', image_url: 'https://x.example/ia.png' });
    expect(
      (await ctx.me.call('POST', '/category_image/search', { activity_domain: 'Mobilier' })).json().data.map((image: { image_url: string }) => image.image_url),
    ).toEqual(['https://x.example/m.png']);
    expect((await ctx.me.call('POST', '/category_image/search', {})).json().data).toHaveLength(2);
    expect((await ctx.me.call('DELETE', `/category_image/${created.data._id}`)).json()).toEqual({ ok: true });
    expect((await ctx.me.call('DELETE', `/category_image/${created.data._id}`)).statusCode).toBe(404);
  });

  it('refuses a domain outside the catalogue, a missing or unsafe URL', async () => {
    for (const payload of [
      { activity_domain: 'Astrologie', image_url: 'https://x.example/a.png' },
      { activity_domain: 'Mobilier' },
      { activity_domain: 'Mobilier', image_url: 'javascript:alert(1)' },
    ]) {
      expect((await ctx.me.call('POST', '/category_image', payload)).json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
  });
});

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

  it('lets the development helper read the last e-mail queued for an address', async () => {
    await ctx.server.app.inject({ method: 'POST', url: '/api/admin/forgot_password', payload: { email: ctx.me.email } });
    await ctx.server.app.background.idle();
    const mail = (await ctx.me.call('GET', `/dev/outbox?to=${encodeURIComponent(ctx.me.email)}`)).json();
    expect(mail).toMatchObject({
      ok: true,
      data: { subject: expect.stringContaining('reset your password'), body: expect.stringContaining('/auth/reset?token=') },
    });
    expect((await ctx.me.call('GET', '/dev/outbox?to=nobody%40example.com')).statusCode).toBe(404);
  });

  it('lets the development helper write as the buyer, and only when enabled', async () => {
    const { room, buyer } = await insertRoom(ctx.server.app);
    const written = (await ctx.me.call('POST', `/dev/room/${room.id}/message`, { role: 'buyer', text: 'Je suis l’acheteur' })).json();
    expect(written).toMatchObject({ ok: true, data: { sender_id: buyer.id, sender_role: 'buyer', sender_name: buyer.name } });
    const withoutHelpers = await buildTestServer();
    try {
      const other = await signedInAdmin(withoutHelpers.app);
      expect((await other.call('POST', `/dev/room/${room.id}/message`, { role: 'buyer', text: 'x' })).statusCode).toBe(404);
    } finally {
      await withoutHelpers.close();
    }
  });
});

describe('GET /dashboard', () => {
  it('aggregates counts, credit in circulation, offers and needs by domain, needs by urgency', async () => {
    const fresh = await buildTestServer();
    try {
      const admin = await signedInAdmin(fresh.app);
      // Balances move through the ledger only; the dashboard reads its sums from there.
      const first = await insertCompany(fresh.app);
      const second = await insertCompany(fresh.app);
      await admin.call('POST', `/company/${first.id}/credit`, { amount: 100.5, reason: 'Achat' });
      await admin.call('POST', `/company/${second.id}/credit`, { amount: -30, reason: 'Avoir' });
      await admin.call('POST', '/offer', { title: 'A', description: 'd', images: ['https://x.example/a.png'] });
      const need = (await admin.call('POST', '/need', { description: 'n1', emergency: 'Maintenant', activity_domain: 'Mobilier' })).json().data;
      await admin.call('POST', '/need', { description: 'n2', emergency: 'Maintenant', activity_domain: 'Mobilier' });
      await admin.call('POST', '/need', { description: 'n3', emergency: "Pas d'urgence" });
      expect(need.activity_domain).toBe('Mobilier');
      const body = (await admin.call('GET', '/dashboard')).json();
      const weeks = body.data.credit_movements_per_week;
      expect(weeks).toHaveLength(12);
      expect(weeks.at(-1)).toEqual({ week: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), credited: 100.5, debited: 30 });
      expect(weeks.slice(0, -1).every((week: { credited: number; debited: number }) => week.credited === 0 && week.debited === 0)).toBe(true);
      expect(new Date(`${weeks.at(-1).week}T12:00:00Z`).getUTCDay()).toBe(1);
      expect(body).toEqual({
        ok: true,
        data: {
          counts: { admins: 1, users: 0, companies: 2, offers: 1, needs: 3, rooms: 0 },
          credit_in_circulation: 70.5,
          credit_movements_per_week: weeks,
          offers_by_domain: [{ domain: null, count: 1 }],
          needs_by_domain: [
            { domain: 'Mobilier', count: 2 },
            { domain: null, count: 1 },
          ],
          needs_by_urgency: [
            { emergency: 'Maintenant', count: 2 },
            { emergency: "Pas d'urgence", count: 1 },
          ],
        },
      });
      expect((await fresh.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
    } finally {
      await fresh.close();
    }
  });
});
