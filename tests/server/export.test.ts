import { describe, expect, it } from 'vitest';
import { adjustBalance } from '../../server/lib/ledger';
import { readCsv } from '../helpers/csvFile';
import { insertCompany } from '../helpers/serverFixtures';
import { useSignedInServer } from '../helpers/testServer';

const ctx = useSignedInServer();

const exportCsv = async (url: string, body: object) => {
  const response = await ctx.me.call('POST', url, body);
  expect(response.statusCode, response.body).toBe(200);
  return { response, file: readCsv(response.body) };
};

describe('POST /company/export', () => {
  it('answers every company of the search, all pages, in its order', async () => {
    for (let index = 0; index < 23; index += 1) {
      await insertCompany(ctx.server.app, { name: `Export ${index % 5}`, activityDomain: index % 2 ? 'Bois' : 'Verre' });
    }
    const body = { activity_domain: 'Bois', sort: { name: 1 } };
    const paged: Array<{ _id: string; created_at: string }> = [];
    for (let offset = 0; ; offset += 10) {
      const page = (await ctx.me.call('POST', '/company/search', { ...body, offset })).json();
      paged.push(...page.data);
      if (page.data.length < 10) break;
    }
    const { file } = await exportCsv('/company/export', { ...body, offset: 10 });
    expect(file.rows.map((row) => row.id)).toEqual(paged.map((row) => row._id));
    expect(file.rows.map((row) => row.created_at)).toEqual(paged.map((row) => row.created_at));
    expect(file.rows.length).toBe(11);
  });

  it('writes a BOM, `;`, CRLF, RFC 4180 quotes, and guards text against formulas but not numbers', async () => {
    const company = await insertCompany(ctx.server.app, { name: '=HYPERLINK("x";"y")', city: 'Saint-Denis; "Nord"\r\nbis', country: '-France', postalCode: '@93200' });
    await adjustBalance(ctx.server.app.db, { companyId: company.id, amount: -10.5, reason: 'Test', admin: null });
    const { response, file } = await exportCsv('/company/export', { search: 'hyperlink' });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="companies-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(file.bom).toBe(true);
    expect(response.body.split('\r\n')[0]).toBe('\uFEFFid;name;logo_url;credit_balance;activity_domain;sub_activity_domain;postal_code;city;country;created_at');
    expect(response.body).toContain(`${company.id};"'=HYPERLINK(""x"";""y"")";;-10.50;;;'@93200;"Saint-Denis; ""Nord""\r\nbis";'-France;`);
    expect(file.rows).toEqual([
      expect.objectContaining({ id: company.id, name: `'=HYPERLINK("x";"y")`, credit_balance: '-10.50', city: 'Saint-Denis; "Nord"\r\nbis', country: "'-France" }),
    ]);
  });
});
