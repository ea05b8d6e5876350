import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { companies, needs, offers, rooms } from '../../server/db/schema';
import { useSignedInServer } from '../helpers/testServer';
import { insertCompany } from '../helpers/serverFixtures';
import { hexId } from '../helpers/searchOrder';

const ctx = useSignedInServer();

/**
 * Offers, needs and rooms keep a copy of their companies' names (searched and sorted without a join); triggers
 * keep it equal to companies.name whatever changes: a rename, a change of company, a deleted company.
 */
describe('the company names kept on offers, needs and rooms', () => {
  const id = { alder: hexId('c', 901), birch: hexId('c', 902), cedar: hexId('c', 903) };
  const row = { offer: hexId('a', 901), need: hexId('b', 901), otherNeed: hexId('b', 902), room: hexId('e', 901) };

  const names = (url: string, body: object, key = 'data') =>
    ctx.me.call('POST', url, body).then((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return (response.json()[key] as Array<{ _id: string }>).map((found) => found._id);
    });

  beforeAll(async () => {
    const { app } = ctx.server;
    await insertCompany(app, { id: id.alder, name: 'Aulne Menuiserie' });
    await insertCompany(app, { id: id.birch, name: 'Bouleau Verrerie' });
    await insertCompany(app, { id: id.cedar, name: 'Cedre Tannerie' });
    await app.db.insert(offers).values({ id: row.offer, title: 'Table', description: 'Chene massif', organisationId: id.alder });
    await app.db.insert(needs).values([
      { id: row.need, description: 'Vitres', emergency: 'Maintenant', organisationId: id.alder },
      { id: row.otherNeed, description: 'Cuir', emergency: 'Maintenant', organisationId: id.birch },
    ]);
    await app.db.insert(rooms).values({ id: row.room, offerTitle: 'Table', sellerId: id.alder, buyerId: id.birch });
  });

  it('are copied on insert', async () => {
    expect(await names('/need/search', { search: 'aulne menuis' })).toEqual([row.need]);
    expect(await names('/room/search', { search: 'bouleau verr' }, 'rooms')).toEqual([row.room]);
    const [offer] = await ctx.server.app.db.select().from(offers).where(eq(offers.id, row.offer));
    expect(offer?.organisationName).toBe('Aulne Menuiserie');
  });

  it("follow a company's rename: its needs', offers' and rooms' search and sort", async () => {
    const renamed = await ctx.me.call('PUT', `/company/${id.alder}`, { name: 'Zelkova Ebenisterie' });
    expect(renamed.json()).toMatchObject({ ok: true, data: { name: 'Zelkova Ebenisterie' } });
    await ctx.me.call('PUT', `/company/${id.birch}`, { name: 'Abies Vitraux' });

    expect(await names('/need/search', { search: 'aulne' })).toEqual([]);
    expect(await names('/need/search', { search: 'zelkova eben' })).toEqual([row.need]);
    expect(await names('/room/search', { search: 'aulne' }, 'rooms')).toEqual([]);
    expect(await names('/room/search', { search: 'zelkova' }, 'rooms')).toEqual([row.room]);
    expect(await names('/room/search', { search: 'bouleau' }, 'rooms')).toEqual([]);
    expect(await names('/room/search', { search: 'abies vit' }, 'rooms')).toEqual([row.room]);

    // Abies now sorts before Zelkova.
    const needOrder = await names('/need/search', { sort: { organisation_name: 1 } });
    expect(needOrder.filter((found) => found === row.need || found === row.otherNeed)).toEqual([row.otherNeed, row.need]);
    const offerOrder = await names('/offer/search', { sort: { organisation_name: -1 } });
    expect(offerOrder[0]).toBe(row.offer);
    const read = (await ctx.me.call('GET', `/need/${row.need}`)).json();
    expect(read.data.organisation_name).toBe('Zelkova Ebenisterie');
  });

  it("follow a change of company, and a deleted company's SET NULL", async () => {
    const moved = await ctx.me.call('PUT', `/need/${row.need}`, { organisation_id: id.cedar });
    expect(moved.json()).toMatchObject({ ok: true, data: { organisation_id: id.cedar, organisation_name: 'Cedre Tannerie' } });
    expect(await names('/need/search', { search: 'cedre' })).toEqual([row.need]);

    await ctx.server.app.db.delete(companies).where(eq(companies.id, id.cedar));
    const orphan = (await ctx.me.call('GET', `/need/${row.need}`)).json();
    expect(orphan.data).toMatchObject({ organisation_id: null, organisation_name: null });
    expect(await names('/need/search', { search: 'cedre' })).toEqual([]);
  });

  it('cannot be written directly: the copy is read again from companies', async () => {
    const { db } = ctx.server.app;
    await db.update(rooms).set({ sellerName: 'Forged', buyerName: 'Forged' }).where(eq(rooms.id, row.room));
    await db.execute(sql`update offers set organisation_name = 'Forged' where id = ${row.offer}`);
    const [room] = await db.select().from(rooms).where(eq(rooms.id, row.room));
    const [offer] = await db.select().from(offers).where(eq(offers.id, row.offer));
    expect([room?.sellerName, room?.buyerName, offer?.organisationName]).toEqual(['Zelkova Ebenisterie', 'Abies Vitraux', 'Zelkova Ebenisterie']);
  });
});
