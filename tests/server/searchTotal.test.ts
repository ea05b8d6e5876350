import { describe, expect, it } from 'vitest';
import { needs } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { insertCompany } from '../helpers/serverFixtures';
import { statementsSent } from '../helpers/statements';
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

  it('a filtered page past the last has no rows, and still its total', async () => {
    const page = await search('/company/search', { search: 'opaline', offset: 10 });
    expect(page).toMatchObject({ data: [], total: 2, total_exact: true });
    const none = await search('/company/search', { search: 'no such company' });
    expect(none).toMatchObject({ data: [], total: 0, total_exact: true });
  });
});

/** The texts of the statements a call sends that name `table`. */
const statementsNaming = async (table: string, call: () => Promise<unknown>) =>
  (await statementsSent(ctx.server.app, `"${table}"`, call)).map(({ text }) => text);

describe('a page and its total in one statement', () => {
  it('a text search of companies reads its rows and counts its matches together', async () => {
    const statements = await statementsNaming('companies', () => search('/company/search', { search: 'opaline' }));
    expect(statements).toHaveLength(1);
  });

  it('a page of the audit trail brings whether each record still exists', async () => {
    const statements = await statementsNaming('audit_events', () => search('/audit/search', { entity: 'company' }));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('exists');
  });
});

describe('a statement prepared once per shape of search', () => {
  const names = async (path: string, body: object) =>
    ((await search(path, body)).data as Array<{ name: string }>).map((company) => company.name).sort((a, b) => a.localeCompare(b));

  it('runs each search of one shape with its own values, and a search of another shape apart', async () => {
    await insertCompany(ctx.server.app, { name: 'Forge Ardente', activityDomain: 'Industrie' });
    await insertCompany(ctx.server.app, { name: 'Forge Bleue', activityDomain: 'Artisanat' });
    await insertCompany(ctx.server.app, { name: 'Ardoise du Nord', activityDomain: 'Industrie' });

    const forge = await statementsNaming('companies', async () =>
      expect(await names('/company/search', { search: 'forge' })).toEqual(['Forge Ardente', 'Forge Bleue']),
    );
    const ardoise = await statementsNaming('companies', async () => expect(await names('/company/search', { search: 'ardoise' })).toEqual(['Ardoise du Nord']));
    // One statement for both texts: the values travel apart from it.
    expect(ardoise).toEqual(forge);
    expect(forge[0]).not.toContain('forge');

    const filtered = await statementsNaming('companies', async () =>
      expect(await names('/company/search', { search: 'forge', activity_domain: 'Industrie' })).toEqual(['Forge Ardente']),
    );
    expect(filtered).not.toEqual(forge);
    // The first shape again, after the other: its own values still.
    expect(await names('/company/search', { search: 'ardente' })).toEqual(['Forge Ardente']);
  });

  it('is sent unnamed, so that PostgreSQL plans it with the values of each run', async () => {
    // More runs than the five after which PostgreSQL may settle on a generic plan for a named statement.
    const texts = ['forge', 'ardoise', 'nord', 'bleue', 'ardente', 'du'];
    const searches = await statementsSent(ctx.server.app, '"companies"', async () => {
      for (const text of texts) await search('/company/search', { search: text });
    });
    expect(searches).toHaveLength(texts.length);
    expect(searches.filter((query) => query.name)).toEqual([]);
  });
});
