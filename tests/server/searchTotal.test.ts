import { describe, expect, it } from 'vitest';
import { needs } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { insertCompany } from '../helpers/serverFixtures';
import { useSignedInServer } from '../helpers/testServer';

/** Matches are counted exactly up to this bound (EXACT_COUNT_LIMIT), estimated past it. */
const LIMIT = 3;
const ctx = useSignedInServer({ exactCountLimit: LIMIT });

type Page = { ok: boolean; data: unknown[]; total: number; total_exact: boolean };
const search = async (path: string, body: object) => (await ctx.me.call('POST', path, body)).json<Page>();

describe('search totals: exact up to a bound, estimated past it', () => {
  it('counts a match up to the bound exactly, and says so', async () => {
    await insertCompany(ctx.server.app, { name: 'Verrerie Opaline' });
    await insertCompany(ctx.server.app, { name: 'Opaline et Fils' });
    const page = await search('/company/search', { search: 'opaline' });
    expect(page).toMatchObject({ total: 2, total_exact: true });
    expect(page.data).toHaveLength(2);
  });

  it('past the bound, answers an estimate no lower than what it counted, marked as one', async () => {
    for (let index = 0; index < LIMIT + 3; index += 1) await insertCompany(ctx.server.app, { name: `Tuilerie ${index}` });
    const page = await search('/company/search', { search: 'tuilerie' });
    expect(page.total_exact).toBe(false);
    expect(page.total).toBeGreaterThan(LIMIT);
    expect(page.data).toHaveLength(LIMIT + 3);
  });

  it('an unfiltered search on a table whose rows are tracked stays exact at any size', async () => {
    const page = await search('/company/search', {});
    expect(page.total_exact).toBe(true);
    expect(page.total).toBe(2 + LIMIT + 3);
  });

  it('a filtered search of needs (their text or their company name) is bounded the same way', async () => {
    const company = await insertCompany(ctx.server.app, { name: 'Brasserie Houblon' });
    const rows = Array.from({ length: LIMIT + 2 }, (_, index) => ({
      id: newId(),
      description: `Besoin ${index}`,
      emergency: 'Maintenant',
      status: 'en cours',
      organisationId: company.id,
    }));
    await ctx.server.app.db.insert(needs).values(rows);
    const over = await search('/need/search', { organisation_id: company.id });
    expect(over).toMatchObject({ total_exact: false });
    expect(over.total).toBeGreaterThan(LIMIT);
    const under = await search('/need/search', { search: 'Besoin 1' });
    expect(under).toMatchObject({ total: 1, total_exact: true });
  });
});
