import { describe, expect, it } from 'vitest';
import { postgresStatementsSent } from '../helpers/statements';
import { useSignedInServer } from '../helpers/testServer';

// PostgreSQL pass only (vitest.config.ts): statements named for node-postgres are planned once per connection.
const ctx = useSignedInServer();

describe('PUT /offer/:id on PostgreSQL', () => {
  it('locks, changes and reads the offer in one statement, named by the set of columns it writes', async () => {
    const created = (await ctx.me.call('POST', '/offer', { title: 'Named', description: 'd', images: ['https://x.example/1.png'] })).json().data;
    const sent = await postgresStatementsSent(async () => {
      for (const body of [{ title: 'Named once' }, { title: 'Named twice' }, { price: 12 }]) {
        expect((await ctx.me.call('PUT', `/offer/${created._id}`, body)).statusCode).toBe(200);
      }
    });
    const changes = sent.filter(({ text }) => text.includes('with "before" as') && text.includes('for update'));
    expect(changes).toHaveLength(3);
    const [first, second, third] = changes.map(({ name }) => name);
    expect(first).toMatch(/^offer_change_\d+$/);
    expect(second).toBe(first);
    expect(third).toMatch(/^offer_change_\d+$/);
    expect(third).not.toBe(first);
  });
});
