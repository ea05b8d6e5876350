import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, offers } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { useSignedInServer } from '../helpers/testServer';
import { insertCompany } from '../helpers/serverFixtures';
import { at, expectDistinctOrders, hexId, useSearchOrderServer } from '../helpers/searchOrder';

const ctx = useSignedInServer();

const titles = (body: { data: Array<{ title: string }> }) => body.data.map((offer) => offer.title);

describe('offers', () => {
  it('creates with title, description and images; the organisation is optional and checked', async () => {
    const company = await insertCompany(ctx.server.app, { name: 'Studio Jade', logoUrl: 'https://x.example/jade.png' });
    const body = (
      await ctx.me.call('POST', '/offer', {
        title: 'Logo design',
        description: 'Un logo complet',
        images: ['https://x.example/1.png'],
        organisation_id: company.id,
      })
    ).json();
    expect(body).toMatchObject({
      ok: true,
      data: {
        title: 'Logo design',
        images: ['https://x.example/1.png'],
        organisation_id: company.id,
        organisation_name: 'Studio Jade',
        organisation_logo: 'https://x.example/jade.png',
        price_on_proposal: false,
      },
    });
    expect((await ctx.me.call('POST', '/offer', { title: 'Alone', description: 'd', images: ['https://x.example/2.png'] })).json()).toMatchObject({
      ok: true,
      data: { organisation_id: null },
    });
    for (const payload of [
      { description: 'd', images: ['https://x.example/1.png'] },
      { title: 't', images: ['https://x.example/1.png'] },
      { title: 't', description: 'd', images: [] },
      { title: 't', description: 'd', images: ['javascript:alert(1)'] },
      { title: 't', description: 'd', images: ['https://x.example/1.png'], organisation_id: newId() },
    ]) {
      expect((await ctx.me.call('POST', '/offer', payload)).json(), JSON.stringify(payload)).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
  });

  it('updates every field with units, ratios and prices from their lists', async () => {
    const created = (await ctx.me.call('POST', '/offer', { title: 'Editable', description: 'd', images: ['https://x.example/1.png'] })).json().data;
    const body = (
      await ctx.me.call('PUT', `/offer/${created._id}`, {
        title: 'Edited',
        images: ['https://x.example/1.png', 'https://x.example/2.png'],
        activity_domain: 'Design et Création',
        sub_activity_domain: 'Packaging',
        price: 1200,
        unit: 'forfait',
        credit_ratio: 0.75,
        price_on_proposal: true,
        organisation_name: 'ignored',
      })
    ).json();
    expect(body.data).toMatchObject({
      title: 'Edited',
      images: ['https://x.example/1.png', 'https://x.example/2.png'],
      sub_activity_domain: 'Packaging',
      price: 1200,
      unit: 'forfait',
      credit_ratio: 0.75,
      price_on_proposal: true,
    });
    for (const payload of [
      { unit: 'semaine' },
      { credit_ratio: 0.6 },
      { credit_ratio: 75 },
      { price: -1 },
      { sub_activity_domain: 'Vins' },
      { activity_domain: 'Nope' },
    ]) {
      const response = await ctx.me.call('PUT', `/offer/${created._id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // Each refusal rolled its change back: the sub-domain 'Vins' was written, then refused.
    expect((await ctx.me.call('GET', `/offer/${created._id}`)).json().data).toMatchObject({
      unit: 'forfait',
      activity_domain: 'Design et Création',
      sub_activity_domain: 'Packaging',
    });
  });

  it('records the offer as it was and as it is, its company on each side, in the update’s audit event', async () => {
    const [first, second] = [await insertCompany(ctx.server.app, { name: 'Atelier Avant' }), await insertCompany(ctx.server.app, { name: 'Atelier Après' })];
    const created = (
      await ctx.me.call('POST', '/offer', { title: 'Moved', description: 'd', images: ['https://x.example/1.png'], organisation_id: first.id })
    ).json().data;
    const answer = (await ctx.me.call('PUT', `/offer/${created._id}`, { title: 'Moved twice', organisation_id: second.id })).json().data;
    expect(answer).toMatchObject({ title: 'Moved twice', organisation_id: second.id, organisation_name: 'Atelier Après' });
    const [event] = await ctx.server.app.db
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, created._id), eq(auditEvents.action, 'update')));
    expect(event?.changes).toEqual({
      title: ['Moved', 'Moved twice'],
      organisation_id: [first.id, second.id],
      organisation_name: ['Atelier Avant', 'Atelier Après'],
    });
  });

  it('searches title and description, filters by domain_activity, sub-domain and organisation, sorts', async () => {
    const company = await insertCompany(ctx.server.app, { name: 'AAA First' });
    await ctx.me.call('POST', '/offer', {
      title: 'Zebra printing',
      description: 'Impression grand format',
      images: ['https://x.example/z.png'],
      organisation_id: company.id,
    });
    const printing = (
      await ctx.me.call('POST', '/offer', { title: 'Apple printing', description: 'Cartes de visite', images: ['https://x.example/a.png'] })
    ).json().data;
    await ctx.me.call('PUT', `/offer/${printing._id}`, {
      activity_domain: 'Impression & Goodies',
      sub_activity_domain: 'Papeterie',
      price: 5,
      credit_ratio: 0.5,
    });
    expect(titles((await ctx.me.call('POST', '/offer/search', { search: 'PRINTING', sort: { title: 1 } })).json())).toEqual([
      'Apple printing',
      'Zebra printing',
    ]);
    expect(titles((await ctx.me.call('POST', '/offer/search', { search: 'grand format' })).json())).toEqual(['Zebra printing']);
    expect(titles((await ctx.me.call('POST', '/offer/search', { domain_activity: 'Impression & Goodies', sub_activity_domain: 'Papeterie' })).json())).toEqual([
      'Apple printing',
    ]);
    expect(titles((await ctx.me.call('POST', '/offer/search', { organisation_id: company.id })).json())).toEqual(['Zebra printing']);
    const byOrganisation = (await ctx.me.call('POST', '/offer/search', { search: 'printing', sort: { organisation_name: 1 } })).json();
    expect(byOrganisation.data[0].organisation_name).toBe('AAA First');
    for (const field of ['price', 'credit_ratio', 'created_at'])
      expect((await ctx.me.call('POST', '/offer/search', { sort: { [field]: -1 } })).statusCode).toBe(200);
    expect((await ctx.me.call('POST', '/offer/search', { sort: { description: 1 } })).statusCode).toBe(400);
  });

  it('refuses a lone surrogate (not storable text) with VALIDATION_ERROR, in a filter as in a field', async () => {
    // PGlite sent 'é\udfff' to PostgreSQL as a broken byte sequence: a 500 before this check.
    const filter = await ctx.me.call('POST', '/offer/search', { domain_activity: 'é\udfff' });
    expect(filter.statusCode).toBe(400);
    expect(filter.json()).toEqual({ ok: false, code: 'VALIDATION_ERROR', errors: { domain_activity: expect.stringContaining('lone surrogate') } });
    const created = await ctx.me.call('POST', '/offer', { title: 'x\ud800', description: 'd', images: ['https://x.example/1.png'] });
    expect(created.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR', errors: { title: expect.any(String) } });
    // A pair (an emoji) is ordinary text.
    expect((await ctx.me.call('POST', '/offer/search', { search: '😀' })).statusCode).toBe(200);
  });

  it('refuses names every object inherits as sort keys', async () => {
    for (const key of ['constructor', 'toString', 'hasOwnProperty']) {
      expect((await ctx.me.call('POST', '/offer/search', { sort: { [key]: -1 } })).json(), key).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
  });

  it('deletes, and answers NOT_FOUND after', async () => {
    const created = (await ctx.me.call('POST', '/offer', { title: 'Doomed', description: 'd', images: ['https://x.example/1.png'] })).json().data;
    expect((await ctx.me.call('DELETE', `/offer/${created._id}`)).json()).toEqual({ ok: true });
    expect((await ctx.me.call('GET', `/offer/${created._id}`)).statusCode).toBe(404);
    // An unknown company as well: the offer's absence is answered first.
    for (const body of [{ title: 'Back' }, {}, { organisation_id: newId() }])
      expect((await ctx.me.call('PUT', `/offer/${created._id}`, body)).json()).toEqual({ ok: false, code: 'NOT_FOUND' });
  });

  it('needs a session', async () => {
    expect((await ctx.server.app.inject({ method: 'POST', url: '/api/offer/search', payload: {} })).statusCode).toBe(401);
  });
});

describe('POST /offer/search: sort keys and filters on known rows', () => {
  const { ctx: searchCtx, company, remember, search, expectSortOrders } = useSearchOrderServer();

  beforeAll(async () => {
    const rows = [
      {
        label: 'P',
        id: 4,
        title: 'Lampe',
        description: 'Verre souffle',
        organisationId: company.C,
        activityDomain: 'Deco',
        subActivityDomain: 'Luminaire',
        price: 40,
        creditRatio: 0.5,
      },
      {
        label: 'Q',
        id: 2,
        title: 'Banc',
        description: 'Bois massif',
        organisationId: company.A,
        activityDomain: 'Mobilier',
        subActivityDomain: 'Assise',
        price: 250,
        creditRatio: 1,
      },
      {
        label: 'R',
        id: 5,
        title: 'Tapis',
        description: 'Laine tissee',
        organisationId: company.E,
        activityDomain: 'Deco',
        subActivityDomain: 'Textile',
        price: 90,
        creditRatio: 0.75,
      },
      {
        label: 'S',
        id: 1,
        title: 'Miroir',
        description: 'Cadre en bois',
        organisationId: company.B,
        activityDomain: 'Deco',
        subActivityDomain: 'Luminaire',
        price: 15,
        creditRatio: 0.5,
      },
      {
        label: 'T',
        id: 3,
        title: 'Etagere',
        description: 'Metal',
        organisationId: company.A,
        activityDomain: 'Mobilier',
        subActivityDomain: 'Rangement',
        price: 120,
        creditRatio: 0.75,
      },
    ];
    for (const [index, { label, id, ...values }] of rows.entries()) {
      await searchCtx.server.app.db.insert(offers).values({ id: remember(label, hexId('a', id)), images: [], ...values, createdAt: at(10 + index) });
    }
  });

  const ascending = {
    title: ['Q', 'T', 'P', 'S', 'R'],
    organisation_name: ['P', 'R', 'S', 'Q', 'T'],
    price: ['S', 'P', 'R', 'T', 'Q'],
    credit_ratio: ['S', 'P', 'T', 'R', 'Q'],
    created_at: ['P', 'Q', 'R', 'S', 'T'],
  };

  it('has rows that give each sort key its own order (and differ from the id order)', () => {
    expectDistinctOrders({ ...ascending, id: ['S', 'Q', 'T', 'P', 'R'] });
  });

  it('sorts by every sortable column, both directions; newest first by default', async () => {
    await expectSortOrders('/offer/search', ascending);
    expect(await search('/offer/search', {})).toEqual(['T', 'S', 'R', 'Q', 'P']);
  });

  it('search keeps the rows matching title, description or company name, in any case, and drops the others', async () => {
    expect(await search('/offer/search', { search: 'BOIS' })).toEqual(['S', 'Q']);
    expect(await search('/offer/search', { search: 'lampe' })).toEqual(['P']);
    // The company's name is searched too (issue 40): Orme's two offers.
    expect(await search('/offer/search', { search: 'orme' })).toEqual(['T', 'Q']);
  });

  it('domain_activity, sub_activity_domain and organisation_id keep exact matches only, and combine with AND', async () => {
    expect(await search('/offer/search', { domain_activity: 'Deco' })).toEqual(['S', 'R', 'P']);
    expect(await search('/offer/search', { sub_activity_domain: 'Luminaire' })).toEqual(['S', 'P']);
    expect(await search('/offer/search', { domain_activity: 'Deco', sub_activity_domain: 'Textile' })).toEqual(['R']);
    expect(await search('/offer/search', { domain_activity: 'Mobilier', sub_activity_domain: 'Luminaire' })).toEqual([]);
    expect(await search('/offer/search', { organisation_id: company.A })).toEqual(['T', 'Q']);
    expect(await search('/offer/search', { organisation_id: company.A, domain_activity: 'Mobilier', search: 'metal' })).toEqual(['T']);
    expect(await search('/offer/search', { organisation_id: company.D })).toEqual([]);
  });
});
