import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { pglitePrepared } from '../../server/lib/pglitePrepared';

let client: PGlite;
let db: Database;

beforeEach(async () => {
  client = new PGlite();
  db = drizzle(client) as unknown as Database;
  await client.exec('CREATE TABLE items (n int); INSERT INTO items VALUES (1), (2);');
});
afterEach(() => client.close());

const total = sql`SELECT sum(n)::int AS total FROM items`;
const preparedNames = async () =>
  (await client.query<{ name: string }>("SELECT name FROM pg_prepared_statements WHERE name LIKE 'total%' ORDER BY name")).rows.map((row) => row.name);

describe('a statement prepared in SQL on PGlite', () => {
  it('is prepared once and run by name, each run reading the rows as they are', async () => {
    const run = pglitePrepared<{ total: number }>('total', total);
    expect(await run(db)).toEqual([{ total: 3 }]);
    await client.exec('INSERT INTO items VALUES (4)');
    expect(await run(db)).toEqual([{ total: 7 }]);
    expect(await preparedNames()).toEqual(['total_1']);
  });

  it('is planned again under a new name once its time is up, the previous one dropped', async () => {
    const run = pglitePrepared<{ total: number }>('total', total, 0);
    for (let call = 0; call < 3; call += 1) expect(await run(db)).toEqual([{ total: 3 }]);
    expect(await preparedNames()).toEqual(['total_3']);
  });

  it('is prepared again when the session lost it', async () => {
    const run = pglitePrepared<{ total: number }>('total', total);
    await run(db);
    await client.exec('DEALLOCATE ALL');
    expect(await run(db)).toEqual([{ total: 3 }]);
    expect(await preparedNames()).toEqual(['total_2']);
  });

  it('lets a failure to prepare through, and tries again on the next call', async () => {
    const run = pglitePrepared<{ total: number }>('total', sql`SELECT sum(n)::int AS total FROM later`);
    await expect(run(db)).rejects.toThrow(/later/);
    await client.exec('CREATE TABLE later (n int); INSERT INTO later VALUES (5);');
    expect(await run(db)).toEqual([{ total: 5 }]);
  });
});
