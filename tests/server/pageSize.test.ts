import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '../../shared/catalogue/pagination';
import { entities } from '../../server/entities';
import { insertCompany } from '../helpers/serverFixtures';
import { insertAdmin, useSignedInServer } from '../helpers/testServer';

// Issue 40: a list's rows-per-page choice (10, 25, 50, 100) is every paged search's `limit`.
const ctx = useSignedInServer();

/** Every paged search the console lists: the standard routes' and those of routes of their own. */
const pagedSearches = () => [
  ...entities.filter((entity) => entity.search && entity.name !== 'category_image').map((entity) => `/${entity.name}/search`),
  '/company/search',
  '/audit/search',
  '/credit_request/search',
  '/room/search',
];

describe('the page size of a search (`limit`)', () => {
  it('gives as many rows as asked, 10 unless asked, at most 100, on every paged search', async () => {
    const { app } = ctx.server;
    for (let index = 0; index < 12; index += 1) await insertAdmin(app, { name: `Paged ${index}` });
    for (let index = 0; index < 12; index += 1) await insertCompany(app, { name: `Paged company ${index}` });
    const rows = async (path: string, body: object) => {
      const answer = (await ctx.me.call('POST', path, body)).json();
      return (answer.data ?? answer.rooms) as unknown[];
    };
    expect(await rows('/admin/search', {})).toHaveLength(10);
    expect(await rows('/admin/search', { limit: 12 })).toHaveLength(12);
    expect(await rows('/company/search', { limit: 11 })).toHaveLength(11);
    for (const path of pagedSearches()) {
      expect((await ctx.me.call('POST', path, { limit: 3 })).statusCode, path).toBe(200);
      expect((await rows(path, { limit: 3 })).length, path).toBeLessThanOrEqual(3);
      for (const wrong of [0, MAX_PAGE_SIZE + 1, 2.5])
        expect((await ctx.me.call('POST', path, { limit: wrong })).json(), `${path} ${wrong}`).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
  });
});
