import { beforeAll, expect } from 'vitest';
import { adjustBalance } from '../../server/lib/ledger';
import { useSignedInServer } from './testServer';
import { insertCompany } from './serverFixtures';

/**
 * A search route's sort keys and filters, on rows whose values are known: each sort key must give
 * its own order in both directions, and each filter must keep exactly the rows it should. A key wired
 * to the wrong column, or a filter dropped, turns these red.
 *
 * Each test file calls useSearchOrderServer() inside the describe of its search, which gets a server
 * of its own (so that the file's other rows do not mix with the known ones), inserts the rows of its
 * table with remember(), and asserts with search(), expectSortOrders() and expectDistinctOrders().
 */

/** Record ids with a known order (the tie-breaker of every sort): a table prefix, then a number. */
export const hexId = (prefix: string, n: number): string => `${prefix}${String(n).padStart(24 - prefix.length, '0')}`;
export const at = (minute: number): Date => new Date(Date.UTC(2025, 0, 1, 0, minute));

// Companies A–E, inserted in that order; they are also the organisations, sellers and buyers of the other tables.
const company = { A: hexId('c', 3), B: hexId('c', 2), C: hexId('c', 1), D: hexId('c', 4), E: hexId('c', 5) };

/** The fixture tells the keys apart: no two (key, direction) pairs may expect the same order. */
export function expectDistinctOrders(orders: Record<string, string[]>): void {
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

/**
 * A server of its own with a signed-in admin and companies A–E (their balances moved through the
 * ledger), answered with their ids; call it inside a describe, whose tests then share that server.
 */
export function useSearchOrderServer() {
  const ctx = useSignedInServer();

  /** id → label of every row inserted for these tests; answers are read as labels, other rows left out. */
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

  /** Asserts ascending (1) and its exact reverse (-1): the id tie-breaker turns round with the column. */
  async function expectSortOrders(url: string, ascendingByKey: Record<string, string[]>): Promise<void> {
    for (const [key, ascending] of Object.entries(ascendingByKey)) {
      expect(await search(url, { sort: { [key]: 1 } }), `${key} 1`).toEqual(ascending);
      expect(await search(url, { sort: { [key]: -1 } }), `${key} -1`).toEqual([...ascending].reverse());
    }
  }

  beforeAll(async () => {
    const { app } = ctx.server;
    const rows = [
      {
        label: 'A',
        name: 'Orme',
        city: 'Lyon',
        postalCode: '69001',
        siret: '10000000000001',
        activityDomain: 'Bois',
        subActivityDomain: 'Parquet',
        balance: 30,
      },
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
      // Balances move only through the ledger, so that its invariant holds in these tests too.
      if (balance !== 0) await adjustBalance(app.db, { companyId: id, amount: balance, reason: 'Test opening balance', admin: null });
    }
  });

  return { ctx, company, remember, search, expectSortOrders };
}
