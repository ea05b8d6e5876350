import { beforeAll, describe, expect, it } from 'vitest';
import { admins, auditEvents, needs, offers, rooms } from '../../server/db/schema';
import { adjustBalance } from '../../server/lib/ledger';
import { useSignedInServer } from '../helpers/testServer';
import { insertCompany, insertUser } from '../helpers/serverFixtures';

/**
 * Every search route's sort keys and filters, on rows whose values are known: each sort key must give
 * its own order in both directions, and each filter must keep exactly the rows it should. A key wired
 * to the wrong column, or a filter dropped, turns these red.
 */
const ctx = useSignedInServer();

/** Record ids with a known order (the tie-breaker of every sort): a table prefix, then a number. */
const hexId = (prefix: string, n: number): string => `${prefix}${String(n).padStart(24 - prefix.length, '0')}`;
const at = (minute: number): Date => new Date(Date.UTC(2025, 0, 1, 0, minute));

/** id → label of every row this file inserts; answers are read as labels, other rows left out. */
const labelOf = new Map<string, string>();
const remember = (label: string, id: string): string => {
  labelOf.set(id, label);
  return id;
};

async function search(url: string, body: object, key: 'data' | 'rooms' = 'data'): Promise<string[]> {
  const response = await ctx.me.call('POST', url, body);
  expect(response.statusCode, `${url} ${JSON.stringify(body)}: ${response.body}`).toBe(200);
  const rows = response.json<Record<string, Array<{ _id: string }> | undefined>>()[key] ?? [];
  return rows.flatMap((row) => labelOf.get(row._id) ?? []);
}

/** The fixture tells the keys apart: no two (key, direction) pairs may expect the same order. */
function expectDistinctOrders(orders: Record<string, string[]>): void {
  const seen = new Map<string, string>();
  for (const [key, ascending] of Object.entries(orders)) {
    for (const [direction, order] of [
      ['1', ascending],
      ['-1', [...ascending].reverse()],
    ] as const) {
      const name = `${key} ${direction}`;
      expect(seen.get(order.join()), name).toBeUndefined();
      seen.set(order.join(), name);
    }
  }
}

/** Asserts ascending (1) and its exact reverse (-1): the id tie-breaker turns round with the column. */
async function expectSortOrders(url: string, ascendingByKey: Record<string, string[]>): Promise<void> {
  for (const [key, ascending] of Object.entries(ascendingByKey)) {
    expect(await search(url, { sort: { [key]: 1 } }), `${key} 1`).toEqual(ascending);
    expect(await search(url, { sort: { [key]: -1 } }), `${key} -1`).toEqual([...ascending].reverse());
  }
}

// Companies A–E, inserted in that order; they are also the organisations, sellers and buyers below.
const company = { A: hexId('c', 3), B: hexId('c', 2), C: hexId('c', 1), D: hexId('c', 4), E: hexId('c', 5) };

beforeAll(async () => {
  const { app } = ctx.server;
  const rows = [
    { label: 'A', name: 'Orme', city: 'Lyon', postalCode: '69001', siret: '10000000000001', activityDomain: 'Bois', subActivityDomain: 'Parquet', balance: 30 },
    {
      label: 'B',
      name: 'Chene',
      city: 'Paris',
      postalCode: '75001',
      siret: '10000000000002',
      activityDomain: 'Verre',
      subActivityDomain: 'Vitrail',
      balance: -10,
    },
    {
      label: 'C',
      name: 'Acacia',
      city: 'Nantes',
      postalCode: '44000',
      siret: '10000000000003',
      activityDomain: 'Bois',
      subActivityDomain: 'Charpente',
      balance: 120.5,
    },
    {
      label: 'D',
      name: 'Tilleul',
      city: 'Brest',
      postalCode: '29200',
      siret: '10000000000004',
      activityDomain: 'Cuir',
      subActivityDomain: 'Maroquinerie',
      balance: 0,
    },
    {
      label: 'E',
      name: 'Bouleau',
      city: 'Angers',
      postalCode: '49000',
      siret: '10000000000005',
      activityDomain: 'Verre',
      subActivityDomain: 'Flacon',
      balance: 75,
    },
  ] as const;
  for (const [index, { label, balance, ...values }] of rows.entries()) {
    const id = remember(label, company[label]);
    await insertCompany(app, { id, ...values, createdAt: at(index) });
    // Balances move only through the ledger, so that its invariant holds in this file too.
    if (balance !== 0) await adjustBalance(app.db, { companyId: id, amount: balance, reason: 'Test opening balance', admin: null });
  }
});

describe('POST /company/search', () => {
  const ascending = {
    name: ['C', 'E', 'B', 'A', 'D'],
    credit_balance: ['B', 'D', 'A', 'E', 'C'],
    activity_domain: ['C', 'A', 'D', 'B', 'E'],
    sub_activity_domain: ['C', 'E', 'D', 'A', 'B'],
    city: ['E', 'D', 'A', 'C', 'B'],
    created_at: ['A', 'B', 'C', 'D', 'E'],
  };

  it('has rows that give each sort key its own order (and differ from the id order)', () => {
    expectDistinctOrders({ ...ascending, id: ['C', 'B', 'A', 'D', 'E'] });
  });

  it('sorts by every sortable column, both directions; newest first by default', async () => {
    await expectSortOrders('/company/search', ascending);
    expect(await search('/company/search', {})).toEqual(['E', 'D', 'C', 'B', 'A']);
  });

  it('search keeps the rows matching name, city, postal code or siret, in any case, and drops the others', async () => {
    expect(await search('/company/search', { search: 'ORME' })).toEqual(['A']);
    expect(await search('/company/search', { search: 'nantes' })).toEqual(['C']);
    expect(await search('/company/search', { search: '75001' })).toEqual(['B']);
    expect(await search('/company/search', { search: '00000000004' })).toEqual(['D']);
    expect(await search('/company/search', { search: 'AN' })).toEqual(['E', 'C']);
    // The domain is not searched.
    expect(await search('/company/search', { search: 'vitrail' })).toEqual([]);
  });

  it('activity_domain and sub_activity_domain keep exact matches only, and combine with AND', async () => {
    expect(await search('/company/search', { activity_domain: 'Bois' })).toEqual(['C', 'A']);
    expect(await search('/company/search', { activity_domain: 'Verre' })).toEqual(['E', 'B']);
    expect(await search('/company/search', { sub_activity_domain: 'Flacon' })).toEqual(['E']);
    expect(await search('/company/search', { activity_domain: 'Verre', sub_activity_domain: 'Vitrail' })).toEqual(['B']);
    expect(await search('/company/search', { activity_domain: 'Bois', sub_activity_domain: 'Vitrail' })).toEqual([]);
    expect(await search('/company/search', { activity_domain: 'Boi' })).toEqual([]);
  });
});

describe('POST /offer/search', () => {
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
      await ctx.server.app.db.insert(offers).values({ id: remember(label, hexId('a', id)), images: [], ...values, createdAt: at(10 + index) });
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

  it('search keeps the rows matching title or description, in any case, and drops the others', async () => {
    expect(await search('/offer/search', { search: 'BOIS' })).toEqual(['S', 'Q']);
    expect(await search('/offer/search', { search: 'lampe' })).toEqual(['P']);
    // The organisation's name is not searched.
    expect(await search('/offer/search', { search: 'orme' })).toEqual([]);
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

describe('POST /need/search', () => {
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
      await ctx.server.app.db.insert(needs).values({ id: remember(label, hexId('b', id)), ...values, createdAt: at(20 + index) });
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

describe('POST /user/search (no sort: newest first)', () => {
  beforeAll(async () => {
    const rows = [
      { label: 'U1', id: 4, name: 'Alice Martin', email: 'alice@atelier.test', organisationId: company.A },
      { label: 'U2', id: 3, name: 'Bruno Petit', email: 'bruno@verrerie.test', organisationId: company.B },
      { label: 'U3', id: 1, name: 'Chloe Martin', email: 'chloe@atelier.test', organisationId: company.A },
      { label: 'U4', id: 2, name: 'Denis Roux', email: 'martin.d@mail.test', organisationId: null },
    ];
    for (const [index, { label, id, ...values }] of rows.entries()) {
      await insertUser(ctx.server.app, { id: remember(label, hexId('d', id)), ...values, createdAt: at(30 + index) });
    }
  });

  it('answers newest first, whatever the ids', async () => {
    expect(await search('/user/search', {})).toEqual(['U4', 'U3', 'U2', 'U1']);
  });

  it('search keeps the rows matching name or e-mail, in any case, and drops the others', async () => {
    expect(await search('/user/search', { search: 'MARTIN' })).toEqual(['U4', 'U3', 'U1']);
    expect(await search('/user/search', { search: 'atelier' })).toEqual(['U3', 'U1']);
    expect(await search('/user/search', { search: 'petit' })).toEqual(['U2']);
    expect(await search('/user/search', { search: 'nobody' })).toEqual([]);
  });

  it('organisation_id keeps its members only, and combines with search', async () => {
    expect(await search('/user/search', { organisation_id: company.A })).toEqual(['U3', 'U1']);
    expect(await search('/user/search', { organisation_id: company.B })).toEqual(['U2']);
    expect(await search('/user/search', { organisation_id: company.A, search: 'chloe' })).toEqual(['U3']);
    expect(await search('/user/search', { organisation_id: company.B, search: 'martin' })).toEqual([]);
  });
});

describe('POST /admin/search (no sort: newest first)', () => {
  beforeAll(async () => {
    const rows = [
      { label: 'M1', id: 3, name: 'Nadia Klein', email: 'nadia@ops.test' },
      { label: 'M2', id: 1, name: 'Omar Diallo', email: 'omar@klein-ops.test' },
      { label: 'M3', id: 2, name: 'Paul Weber', email: 'paul@support.test' },
    ];
    for (const [index, { label, id, ...values }] of rows.entries()) {
      await ctx.server.app.db.insert(admins).values({ id: remember(label, hexId('9', id)), ...values, createdAt: at(40 + index) });
    }
  });

  it('answers newest first, whatever the ids', async () => {
    expect(await search('/admin/search', {})).toEqual(['M3', 'M2', 'M1']);
  });

  it('search keeps the rows matching name or e-mail, in any case, and drops the others', async () => {
    expect(await search('/admin/search', { search: 'KLEIN' })).toEqual(['M2', 'M1']);
    expect(await search('/admin/search', { search: 'support' })).toEqual(['M3']);
    expect(await search('/admin/search', { search: 'nadia' })).toEqual(['M1']);
    expect(await search('/admin/search', { search: 'nobody' })).toEqual([]);
  });
});

describe('POST /room/search (no sort: newest first)', () => {
  beforeAll(async () => {
    const rows = [
      { label: 'R1', id: 2, offerTitle: 'Lampe', sellerId: company.C, buyerId: company.A },
      { label: 'R2', id: 4, offerTitle: 'Banc', sellerId: company.A, buyerId: company.D },
      { label: 'R3', id: 1, offerTitle: 'Tapis', sellerId: company.E, buyerId: company.B },
      { label: 'R4', id: 3, offerTitle: 'Miroir', sellerId: company.B, buyerId: company.C },
    ];
    for (const [index, { label, id, ...values }] of rows.entries()) {
      await ctx.server.app.db.insert(rooms).values({ id: remember(label, hexId('e', id)), ...values, createdAt: at(50 + index) });
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

describe('POST /audit/search (no sort: newest first)', () => {
  const adminOne = hexId('7', 1);
  const adminTwo = hexId('7', 2);
  // In 2030, after the events the API writes (the sign-in), so that they lead the first page.
  const time = (day: number) => new Date(Date.UTC(2030, 0, day, 12));

  beforeAll(async () => {
    const rows = [
      { label: 'E1', id: 5, entity: 'company', entityId: company.A, adminId: adminOne, action: 'update' },
      { label: 'E2', id: 3, entity: 'company', entityId: company.B, adminId: adminTwo, action: 'credit_adjustment' },
      { label: 'E3', id: 1, entity: 'offer', entityId: hexId('a', 4), adminId: adminOne, action: 'update' },
      { label: 'E4', id: 4, entity: 'company', entityId: company.A, adminId: adminTwo, action: 'comment' },
      { label: 'E5', id: 2, entity: 'need', entityId: hexId('b', 1), adminId: null, action: 'delete' },
    ];
    for (const [index, { label, id, ...values }] of rows.entries()) {
      await ctx.server.app.db.insert(auditEvents).values({ id: remember(label, hexId('f', id)), ...values, createdAt: time(index + 1) });
    }
  });

  it('answers newest first, whatever the ids', async () => {
    expect(await search('/audit/search', {})).toEqual(['E5', 'E4', 'E3', 'E2', 'E1']);
  });

  it('entity, entity_id, admin_id and action keep exact matches only, and combine with AND', async () => {
    expect(await search('/audit/search', { entity: 'company' })).toEqual(['E4', 'E2', 'E1']);
    expect(await search('/audit/search', { entity_id: company.A })).toEqual(['E4', 'E1']);
    expect(await search('/audit/search', { entity: 'company', entity_id: company.B })).toEqual(['E2']);
    expect(await search('/audit/search', { entity: 'offer', entity_id: company.B })).toEqual([]);
    expect(await search('/audit/search', { admin_id: adminOne })).toEqual(['E3', 'E1']);
    expect(await search('/audit/search', { admin_id: adminTwo })).toEqual(['E4', 'E2']);
    expect(await search('/audit/search', { action: 'update' })).toEqual(['E3', 'E1']);
    expect(await search('/audit/search', { action: 'update', entity: 'company' })).toEqual(['E1']);
    expect(await search('/audit/search', { action: 'delete', admin_id: adminOne })).toEqual([]);
  });

  it('from and to keep the events in the range, both ends included', async () => {
    expect(await search('/audit/search', { from: time(3).toISOString() })).toEqual(['E5', 'E4', 'E3']);
    expect(await search('/audit/search', { to: time(3).toISOString() })).toEqual(['E3', 'E2', 'E1']);
    expect(await search('/audit/search', { from: time(2).toISOString(), to: time(4).toISOString() })).toEqual(['E4', 'E3', 'E2']);
    expect(await search('/audit/search', { from: time(4).toISOString(), to: time(2).toISOString() })).toEqual([]);
    // The same instants in another offset.
    expect(await search('/audit/search', { from: '2030-01-03T14:00:00+02:00', to: '2030-01-04T13:00:00+01:00' })).toEqual(['E4', 'E3']);
  });
});
