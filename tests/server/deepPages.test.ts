import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { companies, needs, offers, rooms } from '../../server/db/schema';
import { insertCompany } from '../helpers/serverFixtures';
import { useSignedInServer } from '../helpers/testServer';
import { at, hexId } from '../helpers/searchOrder';

const ctx = useSignedInServer();

/** Enough rows for pages on both sides of the middle, and a short last page (37 = 3 pages of 10 and 7). */
const ROWS = 37;
/** Offsets before, at and past the middle, page-aligned or not, the last page, and past the end. */
const OFFSETS = [0, 3, 10, 17, 18, 19, 20, 26, 27, 30, 33, 36, 37, 40];

const ids = (rows: Array<{ _id: string }>) => rows.map((row) => row._id);

/**
 * A deep page of an unfiltered search may be read from the other end (exact total, reversed order): its
 * rows must be those of the plain OFFSET query in the search's order, on either side of the middle, in
 * both directions, with ties (same created_at, same name, same description prefix) and NULLs.
 */
describe('deep pages: the same rows as the plain OFFSET query', () => {
  beforeAll(async () => {
    const { app } = ctx.server;
    const alder = await insertCompany(app, { name: 'Aulne' });
    const birch = await insertCompany(app, { name: 'Bouleau' });
    const prefix = 'x'.repeat(200);
    await app.db.insert(needs).values(
      Array.from({ length: ROWS }, (_, n) => ({
        id: hexId('b', n),
        // Every third need has no company (a NULL name), the others share two names.
        organisationId: n % 3 === 0 ? null : n % 2 ? alder.id : birch.id,
        // Equal first 200 characters for some: only the whole text tells them apart.
        description: n % 4 === 0 ? `${prefix}${String.fromCharCode(122 - n)}` : `Besoin ${n % 5}`,
        emergency: ['Maintenant', 'Cette semaine'][n % 2]!,
        // Ties of five: the id decides between them.
        createdAt: at(Math.floor(n / 5)),
      })),
    );
    // Offers and companies with empty values in every third row and ties among the others.
    await app.db.insert(offers).values(
      Array.from({ length: ROWS }, (_, n) => ({
        id: hexId('c', n),
        title: `Offre ${n}`,
        description: 'Offre',
        organisationId: n % 3 === 0 ? null : n % 2 ? alder.id : birch.id,
        price: n % 3 === 1 ? null : 100 * (n % 4),
        creditRatio: n % 3 === 2 ? null : [1, 0.75, 0.5][n % 3],
        createdAt: at(Math.floor(n / 5)),
      })),
    );
    await app.db.insert(companies).values(
      Array.from({ length: ROWS - 2 }, (_, n) => ({
        id: hexId('d', n),
        name: `Société ${n}`,
        city: n % 3 === 0 ? null : ['Lyon', 'Nantes'][n % 2],
        activityDomain: n % 3 === 2 ? null : ['Expert IA', 'Mobilier'][n % 2],
        subActivityDomain: n % 3 === 1 ? null : ['Audit', 'Conseil'][n % 2],
        createdAt: at(Math.floor(n / 5)),
      })),
    );
    await app.db
      .insert(rooms)
      .values(Array.from({ length: ROWS }, (_, n) => ({ id: hexId('e', n), offerTitle: `Salle ${n}`, sellerId: alder.id, createdAt: at(Math.floor(n / 4)) })));
  });

  /**
   * Each sort key of a search, in both directions, at every offset: the answer's ids against the plain query's.
   * Keys named in `emptiesLast` put their NULLs last whichever the direction; the others as PostgreSQL does.
   */
  async function expectEveryOrder(url: string, table: string, keys: Record<string, string>, emptiesLast: string[]) {
    for (const [key, column] of Object.entries(keys)) {
      for (const direction of [1, -1] as const) {
        const dir = sql.raw(direction === 1 ? 'ASC' : 'DESC');
        const nulls = sql.raw(emptiesLast.includes(key) ? 'NULLS LAST' : '');
        for (const offset of OFFSETS) {
          const plain = (await ctx.server.app.db.execute(
            sql`select id from ${sql.identifier(table)} order by ${sql.identifier(column)} ${dir} ${nulls}, id ${dir} limit 10 offset ${offset}`,
          )) as unknown as { rows: Array<{ id: string }> };
          const answer = (await ctx.me.call('POST', url, { sort: { [key]: direction }, offset })).json();
          expect(answer.total_exact, `${key} ${direction} @${offset}`).toBe(true);
          expect(ids(answer.data), `${key} ${direction} @${offset}`).toEqual(plain.rows.map((row) => row.id));
        }
      }
    }
  }

  it('needs, every sort key in both directions', async () => {
    const keys = { organisation_name: 'organisation_name', description: 'description', emergency: 'emergency', created_at: 'created_at' };
    await expectEveryOrder('/need/search', 'needs', keys, ['organisation_name']);
  });

  it('offers, every sort key in both directions, empty prices, ratios and companies last', async () => {
    const keys = { title: 'title', organisation_name: 'organisation_name', price: 'price', credit_ratio: 'credit_ratio', created_at: 'created_at' };
    await expectEveryOrder('/offer/search', 'offers', keys, ['organisation_name', 'price', 'credit_ratio']);
  });

  it('companies, every sort key in both directions, empty cities and domains last', async () => {
    const keys = { name: 'name', city: 'city', sub_activity_domain: 'sub_activity_domain', activity_domain: 'activity_domain', created_at: 'created_at' };
    await expectEveryOrder('/company/search', 'companies', keys, ['city', 'sub_activity_domain', 'activity_domain']);
  });

  it('rooms, newest first, with any page size', async () => {
    for (const limit of [1, 7, 10, 50]) {
      for (const offset of OFFSETS) {
        const plain = (await ctx.server.app.db.execute(
          sql`select id from rooms order by created_at desc, id desc limit ${limit} offset ${offset}`,
        )) as unknown as { rows: Array<{ id: string }> };
        const answer = (await ctx.me.call('POST', '/room/search', { offset, limit })).json();
        expect(answer.total, `limit ${limit} @${offset}`).toBe(ROWS);
        expect(ids(answer.rooms), `limit ${limit} @${offset}`).toEqual(plain.rows.map((row) => row.id));
      }
    }
  });
});
