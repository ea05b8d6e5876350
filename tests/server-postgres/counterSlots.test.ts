import type { Pool, PoolClient } from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '../../server/lib/ids';
import { useSignedInServer } from '../helpers/testServer';

// PostgreSQL pass only (vitest.config.ts): PGlite has one session, so no two transactions write at once.
const ctx = useSignedInServer();

const ROW_COUNT_SLOTS = 16;
let held: PoolClient[] = [];

afterEach(async () => {
  for (const client of held) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
  held = [];
});

/** Two connections of the server's pool whose sessions write different slots of a counter (migrations 0019, 0020). */
async function twoSessionsOnDifferentSlots(): Promise<[PoolClient, PoolClient]> {
  const pool = (ctx.server.app.db as unknown as { $client: Pool }).$client;
  const bySlot = new Map<number, PoolClient>();
  for (let tries = 0; tries < 6 && bySlot.size < 2; tries += 1) {
    const client = await pool.connect();
    held.push(client);
    const [{ slot }] = (await client.query<{ slot: number }>('SELECT pg_backend_pid() % $1 AS slot', [ROW_COUNT_SLOTS])).rows as [{ slot: number }];
    if (!bySlot.has(slot)) bySlot.set(slot, client);
  }
  const [first, second] = [...bySlot.values()];
  if (!first || !second) throw new Error('no two pool sessions on different slots');
  return [first, second];
}

/** Runs `first` and then `second` in two open transactions; `second` gives up if it waits for `first`'s locks. */
async function concurrently(first: PoolClient, second: PoolClient, statements: [string, unknown[]][]): Promise<void> {
  const [fromFirst, fromSecond] = statements as [[string, unknown[]], [string, unknown[]]];
  await first.query('BEGIN');
  await first.query(...fromFirst);
  await second.query('BEGIN');
  await second.query("SET LOCAL lock_timeout = '2s'");
  await second.query(...fromSecond);
  await second.query('COMMIT');
  await first.query('COMMIT');
}

const unfilteredTotal = async (resource: string): Promise<number> => (await ctx.me.call('POST', `/${resource}/search`, {})).json().total;
const counted = async (table: string): Promise<number> =>
  Number((await (ctx.server.app.db as unknown as { $client: Pool }).$client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

describe('row counts kept in slots', () => {
  it('lets two transactions insert into one tracked table without waiting for each other, and stays exact', async () => {
    const [first, second] = await twoSessionsOnDifferentSlots();
    // With one row per table, the second insert waited for the first transaction's commit, and gave up after the timeout.
    await concurrently(first, second, [
      ['INSERT INTO companies (id, name) VALUES ($1, $2)', [newId(), 'Slot One']],
      ['INSERT INTO companies (id, name) VALUES ($1, $2)', [newId(), 'Slot Two']],
    ]);
    expect(await unfilteredTotal('company')).toBe(await counted('companies'));

    await first.query("DELETE FROM companies WHERE name = 'Slot Two'");
    await second.query("DELETE FROM companies WHERE name = 'Slot One'");
    expect(await unfilteredTotal('company')).toBe(await counted('companies'));
  });

  it('sets every slot of a truncated table to zero', async () => {
    const [first, second] = await twoSessionsOnDifferentSlots();
    for (const [client, name] of [
      [first, 'Truncated one'],
      [second, 'Truncated two'],
    ] as const) {
      await client.query('INSERT INTO offers (id, title, description, images) VALUES ($1, $2, $3, $4)', [newId(), name, 'd', '[]']);
    }
    expect(await unfilteredTotal('offer')).toBe(await counted('offers'));
    await first.query('TRUNCATE offers CASCADE');
    expect(await unfilteredTotal('offer')).toBe(0);
    await second.query('INSERT INTO offers (id, title, description, images) VALUES ($1, $2, $3, $4)', [newId(), 'After', 'd', '[]']);
    expect(await unfilteredTotal('offer')).toBe(1);
  });

  it("lets two transactions move two companies' credit and create offers in one domain at once, the dashboard's figures exact", async () => {
    const [first, second] = await twoSessionsOnDifferentSlots();
    const [one, two] = [newId(), newId()];
    await first.query('INSERT INTO companies (id, name, credit_balance) VALUES ($1, $2, 10), ($3, $4, 20)', [one, 'Credit one', two, 'Credit two']);
    // With one row per figure, the second change waited for the first transaction's commit, and gave up after the timeout.
    await concurrently(first, second, [
      ['UPDATE companies SET credit_balance = credit_balance + 5 WHERE id = $1', [one]],
      ['UPDATE companies SET credit_balance = credit_balance + 7 WHERE id = $1', [two]],
    ]);
    const offer = 'INSERT INTO offers (id, title, description, images, activity_domain) VALUES ($1, $2, $3, $4, $5)';
    await concurrently(first, second, [
      [offer, [newId(), 'Domain one', 'd', '[]', 'Expert IA']],
      [offer, [newId(), 'Domain two', 'd', '[]', 'Expert IA']],
    ]);

    const pool = (ctx.server.app.db as unknown as { $client: Pool }).$client;
    const { rows } = await pool.query<{ credit: string; ai: string }>(
      "SELECT (SELECT sum(credit_balance) FROM companies) AS credit, (SELECT count(*) FROM offers WHERE activity_domain = 'Expert IA') AS ai",
    );
    const dashboard = (await ctx.me.call('GET', '/dashboard')).json().data;
    expect(dashboard.credit_in_circulation).toBe(Number(rows[0]?.credit));
    expect(dashboard.offers_by_domain).toContainEqual({ domain: 'Expert IA', count: Number(rows[0]?.ai) });
  });
});
