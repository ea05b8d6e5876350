import { describe, expect, it } from 'vitest';
import { postgresStatementsSent } from '../helpers/statements';
import { useSignedInServer } from '../helpers/testServer';

// PostgreSQL pass only (vitest.config.ts): statements named for node-postgres are planned once per connection.
const ctx = useSignedInServer();

/** The page statements (those selecting `search_total`) node-postgres sends during `call`. */
const sentDuring = async (call: () => Promise<unknown>) => (await postgresStatementsSent(call)).filter(({ text }) => text.includes('"search_total"'));

describe('the first page of a list without criteria', () => {
  it.each([
    ['/admin/search', {}],
    ['/user/search', {}],
    ['/company/search', {}],
    ['/offer/search', { sort: { title: 1 } }],
    ['/need/search', {}],
    ['/room/search', {}],
    ['/audit/search', {}],
  ])('%s %j is one statement without values, named, the same on every call', async (path, body) => {
    const search = () => ctx.me.call('POST', path, body);
    const [first, again] = [await sentDuring(search), await sentDuring(search)];
    expect(first).toHaveLength(1);
    expect(first[0]?.name).toMatch(/^first_page_\d+$/);
    expect(first[0]?.values).toEqual([]);
    expect(again.map(({ name, text }) => ({ name, text }))).toEqual(first.map(({ name, text }) => ({ name, text })));
  });

  it('is one statement per page size (rooms take theirs from the client)', async () => {
    const [usual] = await sentDuring(() => ctx.me.call('POST', '/room/search', {}));
    const [five] = await sentDuring(() => ctx.me.call('POST', '/room/search', { limit: 5 }));
    expect(five?.name).toMatch(/^first_page_\d+$/);
    expect(five?.name).not.toBe(usual?.name);
    expect(five?.text).toMatch(/limit 5\b/);
  });

  it('but a search with criteria is planned with its values on every run (unnamed), whatever its page', async () => {
    for (const body of [{ search: 'lu' }, { search: 'a', offset: 25 }]) {
      const sent = await sentDuring(() => ctx.me.call('POST', '/company/search', body));
      expect(sent.length, JSON.stringify(body)).toBeGreaterThan(0);
      for (const statement of sent) {
        expect(statement.name ?? '', JSON.stringify(body)).not.toMatch(/^first_page_/);
        expect(statement.values.length, JSON.stringify(body)).toBeGreaterThan(0);
      }
    }
  });
});
