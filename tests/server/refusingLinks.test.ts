import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defineFields } from '../../shared/entities/fields';
import { tableOf } from '../../server/entities/fromFields';
import { CountedRefusal } from '../../server/lib/errors';
import { fieldColumn } from '../../server/lib/recordFromFields';
import { linkedCounts, refuseWhileLinked, refusingLinksOf, type CountedLink } from '../../server/lib/refusingLinks';
import { insertUser } from '../helpers/serverFixtures';
import { useSignedInServer } from '../helpers/testServer';

const ctx = useSignedInServer();

/** A made-up entity whose link to a user refuses the user's deletion: the generic path, for a target that is not a company. */
const taskFields = defineFields({
  name: 'need',
  label: 'Task',
  plural: 'Tasks',
  recordRepresentation: 'title',
  defaultSort: { field: 'title', order: 'ASC' },
  fields: {
    title: { type: 'text', label: 'Title', required: true },
    user_id: { type: 'reference', label: 'User', to: 'user', onDelete: 'refuse', nameKey: 'user_name', required: true },
  },
});

describe('links declared `refuse` (server/lib/refusingLinks.ts)', () => {
  it('count the records that link to a record, and refuse its deletion with the counts while any does', async () => {
    const { db } = ctx.server.app;
    await db.execute(sql`CREATE TABLE refusing_tasks (id text PRIMARY KEY, title text NOT NULL, user_id text NOT NULL REFERENCES users(id))`);
    const table = tableOf(taskFields, 'refusing_tasks');
    const link: CountedLink = { key: 'tasks', table, column: fieldColumn(table, 'user_id') };
    const [kept, free] = [await insertUser(ctx.server.app), await insertUser(ctx.server.app)];
    for (const [index, title] of ['One', 'Two'].entries())
      await db.execute(sql`INSERT INTO refusing_tasks (id, title, user_id) VALUES (${`t${index}`}, ${title}, ${kept.id})`);

    expect(await linkedCounts(db, [link], kept.id)).toEqual({ tasks: 2 });
    expect(await linkedCounts(db, [link], free.id)).toEqual({ tasks: 0 });
    const refusal = await refuseWhileLinked(db, [link], kept.id).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CountedRefusal);
    expect(refusal).toMatchObject({ status: 409, code: 'RECORD_IN_USE', counts: { tasks: 2 } });
    await expect(refuseWhileLinked(db, [link], free.id)).resolves.toBeUndefined();
    await expect(refuseWhileLinked(db, [], kept.id)).resolves.toBeUndefined();
  });

  it("find the registry's links by their target, each counted on its own table's column", () => {
    expect(refusingLinksOf('company').map((link) => link.key)).toEqual(expect.arrayContaining(['offers', 'needs']));
    for (const link of refusingLinksOf('company')) expect(link.column.table).toBe(link.table);
  });
});
