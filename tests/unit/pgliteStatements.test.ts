import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keptStatements } from '../../server/db/pgliteStatements';

let client: PGlite;

beforeAll(async () => {
  client = new PGlite();
  await client.exec('CREATE TABLE items (id int PRIMARY KEY, label text, data bytea, tags text[], flag boolean, at timestamptz)');
});
afterAll(() => client.close());
// Each test starts with no statement kept, even after one that failed half-way: a new keeper names its first `kept_1`.
afterEach(() => client.exec('DEALLOCATE ALL'));

/**
 * The kept statements PostgreSQL itself holds, by their text, in the order they were prepared: by the number in their
 * name, which each preparation takes next. Their `prepare_time` can tie (two preparations within one tick of PGlite's
 * clock), and ties come back in no set order.
 */
const kept = async (): Promise<string[]> =>
  (
    await client.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements WHERE name LIKE 'kept_%' ORDER BY substring(name FROM 6)::int")
  ).rows.map((row) => row.statement);

const keptNames = async (): Promise<string[]> =>
  (await client.query<{ name: string }>("SELECT name FROM pg_prepared_statements WHERE name LIKE 'kept_%'")).rows.map((row) => row.name);

/** Runs as the database thread does, under PGlite's locks. */
const under =
  (run: ReturnType<typeof keptStatements>) =>
  (text: string, params: unknown[] = []) =>
    client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run(text, params, 'object')));

describe('statements kept parsed on PGlite', () => {
  it('parses a text once and runs it with each call’s values', async () => {
    const run = under(keptStatements(client));
    await run('INSERT INTO items (id, label) VALUES ($1, $2)', [1, 'one']);
    await run('INSERT INTO items (id, label) VALUES ($1, $2)', [2, 'two']);
    expect((await run('SELECT label FROM items WHERE id = $1', [2])).rows).toEqual([{ label: 'two' }]);
    expect((await run('SELECT label FROM items WHERE id = $1', [1])).rows).toEqual([{ label: 'one' }]);
    expect(await kept()).toEqual(['INSERT INTO items (id, label) VALUES ($1, $2)', 'SELECT label FROM items WHERE id = $1']);
  });

  it('serialises each parameter by its type and parses the rows as PGlite does', async () => {
    const run = under(keptStatements(client));
    const params = [3, 'three', new Uint8Array([0, 1, 255]), ['a', 'b,c'], true, '2026-01-02T03:04:05Z'];
    await run('INSERT INTO items VALUES ($1, $2, $3, $4, $5, $6)', params);
    const mine = await run('SELECT id, label, data, tags, flag, at, null::int AS nothing FROM items WHERE id = $1', [3]);
    const pglites = await client.query('SELECT id, label, data, tags, flag, at, null::int AS nothing FROM items WHERE id = $1', [3]);
    expect(mine.rows).toEqual(pglites.rows);
    expect(mine.rows[0]).toMatchObject({ id: 3, label: 'three', data: new Uint8Array([0, 1, 255]), tags: ['a', 'b,c'], flag: true });
    expect((await run('UPDATE items SET label = $1 WHERE id > $2', ['many', 0])).affectedRows).toBe(3);
  });

  it('keeps the most recently used statements only, closing the others', async () => {
    const run = under(keptStatements(client, 2));
    await run('SELECT 1 AS one');
    await run('SELECT 2 AS two');
    await run('SELECT 1 AS one');
    await run('SELECT 3 AS three');
    expect(await kept()).toEqual(['SELECT 1 AS one', 'SELECT 3 AS three']);
    expect((await run('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
    expect(await kept()).toEqual(['SELECT 3 AS three', 'SELECT 2 AS two']);
  });

  it('prepares a statement again once it has been kept for its time, so that its plan does not outlive the rows’ growth', async () => {
    const run = under(keptStatements(client, 10, 0));
    await run('SELECT count(*)::int AS n FROM items');
    const [first] = await keptNames();
    expect((await run('SELECT count(*)::int AS n FROM items')).rows).toEqual([{ n: 3 }]);
    const names = await keptNames();
    expect(names).toHaveLength(1);
    expect(names[0]).not.toBe(first);
  });

  it('prepares a statement again when it was deallocated from under it', async () => {
    const run = under(keptStatements(client));
    await run('SELECT 7 AS seven');
    await client.exec('DEALLOCATE ALL');
    expect((await run('SELECT 7 AS seven')).rows).toEqual([{ seven: 7 }]);
    expect(await kept()).toEqual(['SELECT 7 AS seven']);
  });

  it('hands back a statement’s error and goes on answering; a text that does not parse is not kept', async () => {
    const run = under(keptStatements(client));
    await expect(run('SELECT 1 / $1::int AS ratio', [0])).rejects.toMatchObject({ code: '22012' });
    expect((await run('SELECT 1 / $1::int AS ratio', [1])).rows).toEqual([{ ratio: 1 }]);
    await expect(run('SELEKT nothing')).rejects.toMatchObject({ code: '42601' });
    await expect(run('SELEKT nothing')).rejects.toMatchObject({ code: '42601' });
    expect(await kept()).toEqual(['SELECT 1 / $1::int AS ratio']);
  });
});
