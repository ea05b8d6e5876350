import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies } from '../../server/db/schema';
import { insertCompany, insertRoom, insertUser } from '../helpers/serverFixtures';
import { insertAdmin, useSignedInServer } from '../helpers/testServer';

// Issue 40: the marketplace's data is French. Every text search matches without case or accents, on either database.
const ctx = useSignedInServer();

/** The names a search answers, sorted. */
const found = async (path: string, search: string, key: string): Promise<string[]> => {
  const answer = await ctx.me.call('POST', `${path}/search`, { search });
  expect(answer.statusCode, answer.body).toBe(200);
  const body = answer.json();
  return ((body.data ?? body.rooms) as Array<Record<string, string>>).map((row) => row[key] ?? '').sort();
};

describe('text search without case or accents', () => {
  it('finds companies by name, city, e-mail, phone and SIRET, typed without accents or in capitals', async () => {
    const { app } = ctx.server;
    await insertCompany(app, { name: 'Menuiserie du Cèdre', city: 'Besançon', email: 'contact@cedre.example', phone: '+33 3 81 00 00 01' });
    await insertCompany(app, { name: 'Événementiel Lumière', city: 'Orléans', siret: '55210055400013' });
    await insertCompany(app, { name: 'Atelier Azur', city: 'Nice' });
    expect(await found('/company', 'cedre', 'name')).toEqual(['Menuiserie du Cèdre']);
    expect(await found('/company', 'CÈDRE', 'name')).toEqual(['Menuiserie du Cèdre']);
    expect(await found('/company', 'EVENEMENTIEL', 'name')).toEqual(['Événementiel Lumière']);
    expect(await found('/company', 'besancon', 'name')).toEqual(['Menuiserie du Cèdre']);
    expect(await found('/company', 'orleans', 'name')).toEqual(['Événementiel Lumière']);
    expect(await found('/company', 'contact@cedre', 'name')).toEqual(['Menuiserie du Cèdre']);
    expect(await found('/company', '81 00 00 01', 'name')).toEqual(['Menuiserie du Cèdre']);
    expect(await found('/company', '552100554', 'name')).toEqual(['Événementiel Lumière']);
  });

  it('finds users by their name or their company’s name, offers and needs by their company’s name', async () => {
    const { app } = ctx.server;
    const boreal = await insertCompany(app, { name: 'Boréal Conseil' });
    await insertUser(app, { name: 'Zoé Lefèvre', organisationId: boreal.id });
    await insertUser(app, { name: 'Hélène Marchal' });
    expect(await found('/user', 'boreal', 'name')).toEqual(['Zoé Lefèvre']);
    expect(await found('/user', 'helene', 'name')).toEqual(['Hélène Marchal']);
    expect(await found('/user', 'LEFEVRE', 'name')).toEqual(['Zoé Lefèvre']);

    const offer = { description: 'Tables et chaises', images: ['https://x.example/a.png'], organisation_id: boreal.id };
    expect((await ctx.me.call('POST', '/offer', { ...offer, title: 'Mobilier de réception' })).statusCode).toBe(200);
    expect(await found('/offer', 'boreal', 'title')).toEqual(['Mobilier de réception']);
    expect(await found('/offer', 'reception', 'title')).toEqual(['Mobilier de réception']);

    const need = {
      description: 'Cloisons amovibles pour l’été',
      emergency: 'Maintenant',
      organisation_id: boreal.id,
      activity_domain: 'Mobilier',
      sub_activity_domain: 'Cloisons',
    };
    expect((await ctx.me.call('POST', '/need', need)).statusCode).toBe(200);
    expect(await found('/need', 'BOREAL', 'description')).toEqual(['Cloisons amovibles pour l’été']);
    expect(await found('/need', 'ete', 'description')).toEqual(['Cloisons amovibles pour l’été']);
  });

  it('finds administrators by name and rooms by either party’s name or the offer’s title', async () => {
    const { app } = ctx.server;
    await insertAdmin(app, { name: 'Amélie Nöel', email: 'amelie@example.com' });
    expect(await found('/admin', 'amelie noel', 'name')).toEqual(['Amélie Nöel']);
    const room = await insertRoom(app, { offerTitle: 'Étagères en chêne' });
    expect(await found('/room', 'etageres en chene', 'offer_title')).toEqual(['Étagères en chêne']);
    // A company's rename reaches its rooms' copies of its name, which the search reads.
    await app.db.update(companies).set({ name: 'Scierie Forêt Noire' }).where(eq(companies.id, room.seller.id));
    await app.db.update(companies).set({ name: 'Hôtel Dûment' }).where(eq(companies.id, room.buyer.id));
    expect(await found('/room', 'FORET NOIRE', 'offer_title')).toEqual(['Étagères en chêne']);
    expect(await found('/room', 'hotel dument', 'offer_title')).toEqual(['Étagères en chêne']);
  });
});
