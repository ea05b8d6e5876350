import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { useSignedInServer } from '../helpers/testServer';

// PostgreSQL pass only (vitest.config.ts): statements named for node-postgres are planned once per connection.
const ctx = useSignedInServer();

/** The page statements (those selecting `search_total`) node-postgres sends during `call`: name, text and values. */
async function sentDuring(call: () => Promise<unknown>): Promise<Array<{ text: string; name?: string; values?: unknown[] }>> {
  const query = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await call();
    return query.mock.calls
      .map(([sent]) => sent as unknown)
      .filter((sent): sent is { text: string; name?: string; values?: unknown[] } => typeof sent === 'object' && sent !== null && 'text' in sent)
      .filter(({ text }) => text.includes('"search_total"'));
  } finally {
    query.mockRestore();
  }
}

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
    expect(first[0]?.values ?? []).toEqual([]);
    expect(again.map(({ name, text }) => ({ name, text }))).toEqual(first.map(({ name, text }) => ({ name, text })));
  });

  it('but a search with criteria, or past the first page, is planned with its values on every run (unnamed)', async () => {
    for (const body of [{ search: 'lu' }, { search: 'a', offset: 25 }]) {
      const sent = await sentDuring(() => ctx.me.call('POST', '/company/search', body));
      expect(sent.length, JSON.stringify(body)).toBeGreaterThan(0);
      for (const statement of sent) expect(statement.name ?? '', JSON.stringify(body)).not.toMatch(/^first_page_/);
    }
  });
});
