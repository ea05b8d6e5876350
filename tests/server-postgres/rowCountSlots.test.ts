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

/** Two connections of the server's pool whose sessions write different slots of a row count (migration 0019). */
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

const unfilteredTotal = async (resource: string): Promise<number> => (await ctx.me.call('POST', `/${resource}/search`, {})).json().total;
const counted = async (table: string): Promise<number> =>
  Number((await (ctx.server.app.db as unknown as { $client: Pool }).$client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

describe('row counts kept in slots', () => {
  it('lets two transactions insert into one tracked table without waiting for each other, and stays exact', async () => {
    const [first, second] = await twoSessionsOnDifferentSlots();
    await first.query('BEGIN');
    await first.query('INSERT INTO companies (id, name) VALUES ($1, $2)', [newId(), 'Slot One']);
    // With one row per table, this insert waited for the first transaction's commit, and gave up after the timeout.
    await second.query("SET lock_timeout = '2s'");
    await second.query('BEGIN');
    await second.query('INSERT INTO companies (id, name) VALUES ($1, $2)', [newId(), 'Slot Two']);
    await second.query('COMMIT');
    await first.query('COMMIT');
    await second.query('RESET lock_timeout');
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
});
