import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, rowCounts } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { useSignedInServer } from '../helpers/testServer';
import { insertCompany } from '../helpers/serverFixtures';
import { expectDistinctOrders, useSearchOrderServer } from '../helpers/searchOrder';

const ctx = useSignedInServer();

type CompanyBody = Record<string, unknown> & { _id: string; name: string };
const names = (body: { data: CompanyBody[] }) => body.data.map((company) => company.name);

describe('POST /company/search', () => {
  beforeAll(async () => {
    const base = Date.UTC(2026, 0, 1);
    const rows = [
      {
        name: 'Alpha Mobilier',
        city: 'Lyon',
        postalCode: '69002',
        siret: '11111111111111',
        activityDomain: 'Mobilier',
        subActivityDomain: 'Rangement',
        creditBalance: 50,
      },
      {
        name: 'Beta Mobilier',
        city: 'Paris',
        postalCode: '75011',
        siret: '22222222222222',
        activityDomain: 'Mobilier',
        subActivityDomain: 'Cloisons',
        creditBalance: -20,
      },
      {
        name: 'Gamma Vins',
        city: 'Bordeaux',
        postalCode: '33000',
        siret: '33333333333333',
        activityDomain: 'Vin/Spiritueux',
        subActivityDomain: 'Vins',
        creditBalance: 0,
      },
    ];
    for (const [index, row] of rows.entries()) await insertCompany(ctx.server.app, { ...row, createdAt: new Date(base + index * 1000) });
    for (let index = 0; index < 12; index += 1) {
      await insertCompany(ctx.server.app, {
        name: `Filler ${String(index).padStart(2, '0')}`,
        activityDomain: 'Électronique',
        createdAt: new Date(base - (index + 1) * 60_000),
      });
    }
  });

  it('answers 10 a page, newest first by default, with the total', async () => {
    const body = (await ctx.me.call('POST', '/company/search', {})).json();
    expect(body.total).toBe(15);
    expect(body.data).toHaveLength(10);
    expect(names(body).slice(0, 3)).toEqual(['Gamma Vins', 'Beta Mobilier', 'Alpha Mobilier']);
    const last = (await ctx.me.call('POST', '/company/search', { offset: 10 })).json();
    expect(last.data).toHaveLength(5);
  });

  it('names the balance after the product and never answers comments in the list', async () => {
    const body = (await ctx.me.call('POST', '/company/search', { search: 'alpha' })).json();
    expect(body.data[0]).toMatchObject({ name: 'Alpha Mobilier', credit_balance: 50, city: 'Lyon', postal_code: '69002' });
    expect(body.data[0]).not.toHaveProperty('creditBalance');
  });

  it('searches name, city, postal code and siret, without regard to case', async () => {
    expect(names((await ctx.me.call('POST', '/company/search', { search: 'MOBILIER' })).json())).toEqual(['Beta Mobilier', 'Alpha Mobilier']);
    expect(names((await ctx.me.call('POST', '/company/search', { search: 'bordeaux' })).json())).toEqual(['Gamma Vins']);
    expect(names((await ctx.me.call('POST', '/company/search', { search: '75011' })).json())).toEqual(['Beta Mobilier']);
    expect(names((await ctx.me.call('POST', '/company/search', { search: '1111111' })).json())).toEqual(['Alpha Mobilier']);
    expect((await ctx.me.call('POST', '/company/search', { search: '_' })).json().total).toBe(0);
  });

  it('filters by domain and sub-domain', async () => {
    expect((await ctx.me.call('POST', '/company/search', { activity_domain: 'Mobilier' })).json().total).toBe(2);
    expect(names((await ctx.me.call('POST', '/company/search', { activity_domain: 'Mobilier', sub_activity_domain: 'Cloisons' })).json())).toEqual([
      'Beta Mobilier',
    ]);
  });

  it('sorts by any sortable column, one key, 1 or -1', async () => {
    const byBalance = (await ctx.me.call('POST', '/company/search', { activity_domain: 'Mobilier', sort: { credit_balance: 1 } })).json();
    expect(names(byBalance)).toEqual(['Beta Mobilier', 'Alpha Mobilier']);
    const byNameDesc = (await ctx.me.call('POST', '/company/search', { search: 'a', sort: { name: -1 }, offset: 0 })).json();
    expect(names(byNameDesc).slice(0, 3)).toEqual(['Gamma Vins', 'Beta Mobilier', 'Alpha Mobilier']);
    for (const field of ['city', 'activity_domain', 'sub_activity_domain', 'created_at']) {
      expect((await ctx.me.call('POST', '/company/search', { sort: { [field]: 1 } })).statusCode).toBe(200);
    }
  });

  it('refuses an unknown sort column, two keys, a bad direction or offset', async () => {
    for (const payload of [{ sort: { password: 1 } }, { sort: { name: 1, city: -1 } }, { sort: { name: 2 } }, { offset: -1 }, { activity_domain: 5 }]) {
      const response = await ctx.me.call('POST', '/company/search', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
  });

  it('refuses names every object inherits (constructor, toString...) as sort keys', async () => {
    for (const key of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__']) {
      const response = await ctx.me.call('POST', '/company/search', { sort: { [key]: 1 } });
      expect(response.statusCode, key).toBe(400);
      expect(response.json()).toEqual({ ok: false, code: 'VALIDATION_ERROR', errors: { sort: 'not a sortable column' } });
    }
  });

  // A page past the end reads no rows: the sort key must be refused all the same (found by the fuzzer on offers).
  it.each(['/company/search', '/offer/search', '/need/search', '/room/search', '/company/export'])(
    '%s refuses an unknown sort key on a page past the end',
    async (url) => {
      const response = await ctx.me.call('POST', url, { sort: { __defineGetter__: -1 }, offset: 1_000_000 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ok: false, code: 'VALIDATION_ERROR', errors: { sort: 'not a sortable column' } });
    },
  );

  it('needs a session', async () => {
    expect((await ctx.server.app.inject({ method: 'POST', url: '/api/company/search', payload: {} })).statusCode).toBe(401);
  });
});

describe('POST /company/search: sort keys and filters on known rows', () => {
  const { search, expectSortOrders } = useSearchOrderServer();

  const ascending = {
    name: ['C', 'E', 'B', 'A', 'D'],
    credit_balance: ['B', 'D', 'A', 'E', 'C'],
    activity_domain: ['C', 'A', 'D', 'B', 'E'],
    sub_activity_domain: ['C', 'E', 'D', 'A', 'B'],
    city: ['E', 'D', 'A', 'C', 'B'],
    created_at: ['A', 'B', 'C', 'D', 'E'],
  };

  it('has rows that give each sort key its own order (and differ from the id order)', () => {
    expectDistinctOrders({ ...ascending, id: ['C', 'B', 'A', 'D', 'E'] });
  });

  it('sorts by every sortable column, both directions; newest first by default', async () => {
    await expectSortOrders('/company/search', ascending);
    expect(await search('/company/search', {})).toEqual(['E', 'D', 'C', 'B', 'A']);
  });

  it('search keeps the rows matching name, city, postal code or siret, in any case, and drops the others', async () => {
    expect(await search('/company/search', { search: 'ORME' })).toEqual(['A']);
    expect(await search('/company/search', { search: 'nantes' })).toEqual(['C']);
    expect(await search('/company/search', { search: '75001' })).toEqual(['B']);
    expect(await search('/company/search', { search: '00000000004' })).toEqual(['D']);
    expect(await search('/company/search', { search: 'AN' })).toEqual(['E', 'C']);
    // The domain is not searched.
    expect(await search('/company/search', { search: 'vitrail' })).toEqual([]);
  });

  it('activity_domain and sub_activity_domain keep exact matches only, and combine with AND', async () => {
    expect(await search('/company/search', { activity_domain: 'Bois' })).toEqual(['C', 'A']);
    expect(await search('/company/search', { activity_domain: 'Verre' })).toEqual(['E', 'B']);
    expect(await search('/company/search', { sub_activity_domain: 'Flacon' })).toEqual(['E']);
    expect(await search('/company/search', { activity_domain: 'Verre', sub_activity_domain: 'Vitrail' })).toEqual(['B']);
    expect(await search('/company/search', { activity_domain: 'Bois', sub_activity_domain: 'Vitrail' })).toEqual([]);
    expect(await search('/company/search', { activity_domain: 'Boi' })).toEqual([]);
  });
});

describe('the unfiltered total', () => {
  const unfilteredTotal = async () => (await ctx.me.call('POST', '/company/search', {})).json().total as number;
  const countedRows = async () => (await ctx.server.app.db.select({ id: companies.id }).from(companies)).length;

  it('stays exact through creates, bulk inserts and deletes (it is read from the trigger-kept row count)', async () => {
    const before = await unfilteredTotal();
    expect(before).toBe(await countedRows());

    const created = (await ctx.me.call('POST', '/company', { name: 'Counted Co', logo_url: 'https://cdn.example.com/c.png' })).json();
    await ctx.server.app.db.insert(companies).values([1, 2, 3].map((n) => ({ id: newId(), name: `Bulk ${n}` })));
    expect(await unfilteredTotal()).toBe(before + 4);

    await ctx.me.call('DELETE', `/company/${created.data._id}`);
    await ctx.server.app.db.delete(companies).where(like(companies.name, 'Bulk %'));
    expect(await unfilteredTotal()).toBe(before);
    const slots = await ctx.server.app.db.select().from(rowCounts).where(eq(rowCounts.tableName, 'companies'));
    expect(slots.reduce((sum, slot) => sum + slot.rowCount, 0)).toBe(await countedRows());
  });
});

describe('POST /company', () => {
  it('creates with name and logo, answering the new _id', async () => {
    const response = await ctx.me.call('POST', '/company', {
      name: 'Nouvelle SAS',
      logo_url: 'http://localhost:3000/uploads/credit/logo.png',
      credit_balance: 999,
    });
    const body = response.json();
    expect(body).toMatchObject({
      ok: true,
      data: { name: 'Nouvelle SAS', logo_url: 'http://localhost:3000/uploads/credit/logo.png', credit_balance: 0, comments: [] },
    });
    expect(body.data._id).toMatch(/^[a-f0-9]{24}$/);
  });

  it('refuses a missing name or logo, or a logo that is not an http URL', async () => {
    for (const payload of [{ name: 'X' }, { logo_url: 'http://x.test/a.png' }, { name: 'X', logo_url: 'javascript:alert(1)' }]) {
      const response = await ctx.me.call('POST', '/company', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('GET, PUT, DELETE /company/{id}', () => {
  it('reads the company with its comments and last sync', async () => {
    const company = await insertCompany(ctx.server.app, { name: 'Readable', creditBalance: 12.5 });
    const body = (await ctx.me.call('GET', `/company/${company.id}`)).json();
    expect(body).toMatchObject({ ok: true, data: { _id: company.id, name: 'Readable', credit_balance: 12.5, comments: [], last_sync: null, is_test: false } });
  });

  it('answers NOT_FOUND or VALIDATION_ERROR for a bad id', async () => {
    expect((await ctx.me.call('GET', `/company/${newId()}`)).json()).toEqual({ ok: false, code: 'NOT_FOUND' });
    expect((await ctx.me.call('GET', '/company/../admin')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await ctx.me.call('DELETE', '/company/xyz')).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('updates every field of the whole object, ignoring what it does not own', async () => {
    const company = await insertCompany(ctx.server.app);
    const whole = {
      _id: 'ignored',
      name: 'Ateliers Réunis',
      siret: '123 456 789 00012',
      phone: '+33 1 23 45 67 89',
      email: 'Contact@Ateliers.example',
      street_number: '12',
      route: 'rue des Lilas',
      city: 'Nantes',
      postal_code: '44000',
      country: 'France',
      activity_domain: 'Mobilier',
      sub_activity_domain: 'Rangement',
      description: 'Des meubles.',
      legal_status: 'SAS',
      employees: '10-19',
      turnover: 1200000,
      creation_year: 1998,
      website: 'https://ateliers.example',
      logo_url: 'https://ateliers.example/logo.png',
      is_test: true,
      credit_balance: 320,
      organization_id: 'old-42',
      created_at: '1999-01-01',
      comments: [{ text: 'injected' }],
    };
    // At the current version: a balance never moves from a copy that may be stale (docs/concurrency.md).
    const body = (await ctx.me.call('PUT', `/company/${company.id}`, { ...whole, version: company.version })).json();
    expect(body.ok).toBe(true);
    expect(body.data).toMatchObject({
      ...whole,
      _id: company.id,
      siret: '12345678900012',
      email: 'contact@ateliers.example',
      created_at: company.createdAt.toISOString(),
      comments: [],
    });
  });

  it('empties optional fields with "" or null', async () => {
    const company = await insertCompany(ctx.server.app, { city: 'Lyon', website: 'https://x.example' });
    const body = (await ctx.me.call('PUT', `/company/${company.id}`, { city: '', website: null })).json();
    expect(body.data).toMatchObject({ city: null, website: null });
  });

  it('refuses bad fields and changes nothing', async () => {
    const company = await insertCompany(ctx.server.app, { name: 'Untouched' });
    const bad = [
      { siret: '123' },
      { email: 'not-an-email' },
      { phone: 'call me' },
      { credit_balance: '100' },
      { credit_balance: Number.NaN },
      { turnover: -1 },
      { creation_year: 1500 },
      { website: 'ftp://x.example' },
      { activity_domain: 'Astrologie' },
      { activity_domain: 'Mobilier', sub_activity_domain: 'Vins' },
      { sub_activity_domain: 'Rangement' },
      { is_test: 'yes' },
      { name: '' },
    ];
    for (const payload of bad) {
      const response = await ctx.me.call('PUT', `/company/${company.id}`, { name: 'Changed', ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
    const [row] = await ctx.server.app.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row?.name).toBe('Untouched');
  });

  it('deletes, then answers NOT_FOUND', async () => {
    const company = await insertCompany(ctx.server.app);
    expect((await ctx.me.call('DELETE', `/company/${company.id}`)).json()).toEqual({ ok: true });
    expect((await ctx.me.call('GET', `/company/${company.id}`)).statusCode).toBe(404);
    expect((await ctx.me.call('DELETE', `/company/${company.id}`)).statusCode).toBe(404);
  });
});

describe('comments', () => {
  it('adds a comment authored by the signed-in admin and answers the company', async () => {
    const company = await insertCompany(ctx.server.app);
    const body = (await ctx.me.call('POST', `/company/${company.id}/comment`, { text: '  Premier contact  ', user_name: 'Forged' })).json();
    expect(body.ok).toBe(true);
    expect(body.data._id).toBe(company.id);
    expect(body.data.comments).toEqual([
      { _id: expect.any(String), user_name: 'Signed In', author_id: ctx.me.id, text: 'Premier contact', created_at: expect.any(String) },
    ]);
  });

  it('deletes a comment and answers the remaining comments', async () => {
    const company = await insertCompany(ctx.server.app);
    await ctx.me.call('POST', `/company/${company.id}/comment`, { text: 'one' });
    const added = (await ctx.me.call('POST', `/company/${company.id}/comment`, { text: 'two' })).json();
    const two = added.data.comments.find((comment: { text: string }) => comment.text === 'two');
    const body = (await ctx.me.call('PUT', `/company/${company.id}/delete-comment/${two._id}`, {})).json();
    expect(body).toMatchObject({ ok: true, data: [{ text: 'one' }] });
    expect((await ctx.me.call('PUT', `/company/${company.id}/delete-comment/${two._id}`, {})).statusCode).toBe(404);
  });

  it('refuses an empty comment, an unknown company, and a comment of another company', async () => {
    const company = await insertCompany(ctx.server.app);
    const other = await insertCompany(ctx.server.app);
    expect((await ctx.me.call('POST', `/company/${company.id}/comment`, { text: '   ' })).json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await ctx.me.call('POST', `/company/${newId()}/comment`, { text: 'x' })).statusCode).toBe(404);
    const added = (await ctx.me.call('POST', `/company/${other.id}/comment`, { text: 'theirs' })).json();
    const theirs = added.data.comments[0]._id;
    expect((await ctx.me.call('PUT', `/company/${company.id}/delete-comment/${theirs}`, {})).statusCode).toBe(404);
  });
});

describe('POST /company/{id}/sync', () => {
  it('stores the old-platform id and records a queued job that the company then shows', async () => {
    const company = await insertCompany(ctx.server.app);
    const body = (await ctx.me.call('POST', `/company/${company.id}/sync`, { organization_id: 'old-777' })).json();
    expect(body).toMatchObject({ ok: true, data: { organization_id: 'old-777', status: 'queued', started_at: expect.any(String) } });
    const read = (await ctx.me.call('GET', `/company/${company.id}`)).json();
    expect(read.data).toMatchObject({ organization_id: 'old-777', last_sync: { status: 'queued', organization_id: 'old-777' } });
  });

  it('refuses an empty organisation id and an unknown company', async () => {
    const company = await insertCompany(ctx.server.app);
    expect((await ctx.me.call('POST', `/company/${company.id}/sync`, { organization_id: '' })).statusCode).toBe(400);
    expect((await ctx.me.call('POST', `/company/${newId()}/sync`, { organization_id: 'x' })).statusCode).toBe(404);
  });
});
