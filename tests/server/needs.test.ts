import { beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../server/db/schema';
import { useSignedInServer } from '../helpers/testServer';
import { insertCompany } from '../helpers/serverFixtures';
import { at, expectDistinctOrders, hexId, useSearchOrderServer } from '../helpers/searchOrder';

const ctx = useSignedInServer();

describe('needs', () => {
  it('creates with description and emergency; status starts en cours', async () => {
    const body = (await ctx.me.call('POST', '/need', { description: 'Besoin de chaises', emergency: 'Maintenant' })).json();
    expect(body).toMatchObject({ ok: true, data: { description: 'Besoin de chaises', emergency: 'Maintenant', status: 'en cours', organisation_id: null } });
    for (const payload of [
      { description: 'x' },
      { emergency: 'Maintenant' },
      { description: 'x', emergency: 'Demain' },
      { description: '  ', emergency: 'Maintenant' },
    ]) {
      expect((await ctx.me.call('POST', '/need', payload)).json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
  });

  it('allows any status transition, and refuses a status outside the list', async () => {
    const need = (await ctx.me.call('POST', '/need', { description: 'Transitions', emergency: "Pas d'urgence" })).json().data;
    for (const status of ['non dispo', 'été traité', 'en cours', 'été traité']) {
      expect((await ctx.me.call('PUT', `/need/${need._id}`, { status })).json().data.status).toBe(status);
    }
    expect((await ctx.me.call('PUT', `/need/${need._id}`, { status: 'fini' })).statusCode).toBe(400);
  });

  it('searches description and organisation name, filters by urgency, domain and organisation, sorts', async () => {
    const company = await insertCompany(ctx.server.app, { name: 'Maison Quartz' });
    await ctx.me.call('POST', '/need', {
      description: 'Traiteur pour 200 personnes',
      emergency: 'Dans la semaine',
      organisation_id: company.id,
      activity_domain: 'Événementiel',
      sub_activity_domain: 'Traiteur événementiel',
    });
    await ctx.me.call('POST', '/need', { description: 'Photocopieur', emergency: "D'ici un mois" });
    const descriptions = (body: { data: Array<{ description: string }> }) => body.data.map((need) => need.description);
    expect(descriptions((await ctx.me.call('POST', '/need/search', { search: 'traiteur' })).json())).toEqual(['Traiteur pour 200 personnes']);
    expect(descriptions((await ctx.me.call('POST', '/need/search', { search: 'quartz' })).json())).toEqual(['Traiteur pour 200 personnes']);
    expect(descriptions((await ctx.me.call('POST', '/need/search', { emergency: "D'ici un mois" })).json())).toEqual(['Photocopieur']);
    expect((await ctx.me.call('POST', '/need/search', { activity_domain: 'Événementiel', sub_activity_domain: 'Traiteur événementiel' })).json().total).toBe(1);
    expect((await ctx.me.call('POST', '/need/search', { organisation_id: company.id })).json().total).toBe(1);
    expect((await ctx.me.call('POST', '/need/search', { emergency: 'Demain' })).statusCode).toBe(400);
    for (const field of ['organisation_name', 'description', 'emergency', 'created_at'])
      expect((await ctx.me.call('POST', '/need/search', { sort: { [field]: 1 } })).statusCode).toBe(200);
    for (const key of ['constructor', 'toString', 'isPrototypeOf']) {
      expect((await ctx.me.call('POST', '/need/search', { sort: { [key]: 1 } })).json(), key).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
  });

  it('filters by status (the dashboard links there), and refuses a status outside the list', async () => {
    const create = async () => (await ctx.me.call('POST', '/need', { description: 'Filtre par statut', emergency: 'Maintenant' })).json().data._id as string;
    const unavailable = await create();
    const ongoing = await create();
    await ctx.me.call('PUT', `/need/${unavailable}`, { status: 'non dispo' });
    const ids = async (status: string) =>
      (await ctx.me.call('POST', '/need/search', { search: 'Filtre par statut', status })).json().data.map((row: { _id: string }) => row._id);
    expect(await ids('non dispo')).toEqual([unavailable]);
    expect(await ids('en cours')).toEqual([ongoing]);
    expect((await ctx.me.call('POST', '/need/search', { status: 'fini' })).statusCode).toBe(400);
  });

  it('reads, deletes and answers NOT_FOUND', async () => {
    const need = (await ctx.me.call('POST', '/need', { description: 'Doomed', emergency: 'Maintenant' })).json().data;
    expect((await ctx.me.call('GET', `/need/${need._id}`)).json().data.description).toBe('Doomed');
    expect((await ctx.me.call('DELETE', `/need/${need._id}`)).json()).toEqual({ ok: true });
    expect((await ctx.me.call('GET', `/need/${need._id}`)).json()).toEqual({ ok: false, code: 'NOT_FOUND' });
  });
});

describe('POST /need/search: sort keys and filters on known rows', () => {
  const { ctx: searchCtx, company, remember, search, expectSortOrders } = useSearchOrderServer();

  beforeAll(async () => {
    const rows = [
      {
        label: 'N1',
        id: 3,
        description: 'Cherche un traiteur',
        organisationId: company.D,
        emergency: 'Maintenant',
        activityDomain: 'Evenementiel',
        subActivityDomain: 'Traiteur',
      },
      {
        label: 'N2',
        id: 1,
        description: 'Audit energetique',
        organisationId: company.B,
        emergency: "Pas d'urgence",
        activityDomain: 'Conseil',
        subActivityDomain: 'Energie',
      },
      {
        label: 'N3',
        id: 2,
        description: 'Besoin de chaises',
        organisationId: company.A,
        emergency: "D'ici un mois",
        activityDomain: 'Mobilier',
        subActivityDomain: 'Assise',
      },
      {
        label: 'N4',
        id: 4,
        description: 'Refaire le parquet',
        organisationId: company.C,
        emergency: 'Maintenant',
        activityDomain: 'Mobilier',
        subActivityDomain: 'Sol',
      },
      {
        label: 'N5',
        id: 5,
        description: 'Envoi de colis',
        organisationId: company.E,
        emergency: "D'ici un mois",
        activityDomain: 'Logistique',
        subActivityDomain: 'Transport',
      },
    ];
    for (const [index, { label, id, ...values }] of rows.entries()) {
      await searchCtx.server.app.db.insert(needs).values({ id: remember(label, hexId('b', id)), ...values, createdAt: at(20 + index) });
    }
  });

  const ascending = {
    organisation_name: ['N4', 'N5', 'N2', 'N3', 'N1'],
    description: ['N2', 'N3', 'N1', 'N5', 'N4'],
    emergency: ['N3', 'N5', 'N1', 'N4', 'N2'],
    created_at: ['N1', 'N2', 'N3', 'N4', 'N5'],
  };

  it('has rows that give each sort key its own order (and differ from the id order)', () => {
    expectDistinctOrders({ ...ascending, id: ['N2', 'N3', 'N1', 'N4', 'N5'] });
  });

  it('sorts by every sortable column, both directions; newest first by default', async () => {
    await expectSortOrders('/need/search', ascending);
    expect(await search('/need/search', {})).toEqual(['N5', 'N4', 'N3', 'N2', 'N1']);
  });

  it("search keeps the rows matching the description or the organisation's name, in any case, and drops the others", async () => {
    expect(await search('/need/search', { search: 'PARQUET' })).toEqual(['N4']);
    expect(await search('/need/search', { search: 'orme' })).toEqual(['N3']);
    // 'Cherche' and 'chaises' in descriptions, 'Chene' the organisation of N2.
    expect(await search('/need/search', { search: 'ch' })).toEqual(['N3', 'N2', 'N1']);
  });

  it('activity_domain, sub_activity_domain, organisation_id and emergency keep exact matches only, and combine with AND', async () => {
    expect(await search('/need/search', { activity_domain: 'Mobilier' })).toEqual(['N4', 'N3']);
    expect(await search('/need/search', { sub_activity_domain: 'Sol' })).toEqual(['N4']);
    expect(await search('/need/search', { activity_domain: 'Mobilier', sub_activity_domain: 'Assise' })).toEqual(['N3']);
    expect(await search('/need/search', { activity_domain: 'Conseil', sub_activity_domain: 'Sol' })).toEqual([]);
    expect(await search('/need/search', { organisation_id: company.B })).toEqual(['N2']);
    expect(await search('/need/search', { emergency: 'Maintenant' })).toEqual(['N4', 'N1']);
    expect(await search('/need/search', { emergency: "D'ici un mois" })).toEqual(['N5', 'N3']);
    expect(await search('/need/search', { emergency: 'Maintenant', activity_domain: 'Mobilier', organisation_id: company.C })).toEqual(['N4']);
    expect(await search('/need/search', { emergency: "Pas d'urgence", organisation_id: company.C })).toEqual([]);
  });
});
