import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryImages } from '../../server/db/schema';
import { StampedAnswers } from '../../server/lib/stampedAnswers';
import { openTestDatabase } from '../helpers/testServer';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A cache over category_images whose answers count how many times they were built. */
function countingAnswers(maxKeys: number) {
  const answers = new StampedAnswers('category_images', maxKeys);
  let builds = 0;
  const json = (key: string) =>
    answers.body(database.db, key, async () => {
      builds += 1;
      return Buffer.from(`${key} ${builds}`);
    });
  return { json, builds: () => builds };
}

const image = (id: string) => ({ id: id.padStart(24, '0'), activityDomain: 'Mobilier', imageUrl: `https://x.example/${id}.png` });

describe('answers kept while their table is unchanged', () => {
  it('are built once, then again after any statement that changes the table, however it was made', async () => {
    const { json, builds } = countingAnswers(8);
    const first = await json('all');
    expect(await json('all')).toBe(first);
    expect(builds()).toBe(1);
    const changes = [
      () => database.db.insert(categoryImages).values(image('a')),
      () => database.db.update(categoryImages).set({ imageUrl: 'https://x.example/moved.png' }),
      () => database.db.delete(categoryImages),
      () => database.db.insert(categoryImages).values([image('b'), image('c')]),
      () => database.db.execute(sql`truncate category_images`),
    ];
    for (const [index, change] of changes.entries()) {
      await change();
      await json('all');
      await json('all');
      expect(builds()).toBe(index + 2);
    }
  });

  it('are kept per key, for a bounded number of keys', async () => {
    const { json, builds } = countingAnswers(2);
    await json('one');
    await json('two');
    await json('one');
    expect(builds()).toBe(2);
    // 'two' is now the least recently used: a third key takes its place.
    await json('three');
    await json('one');
    expect(builds()).toBe(3);
    await json('two');
    expect(builds()).toBe(4);
  });
});
