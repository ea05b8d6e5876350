import { beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_SORT_KEYS } from '../../shared/contract/companies';
import { NEED_SORT_KEYS } from '../../shared/contract/needs';
import { OFFER_SORT_KEYS } from '../../shared/contract/offers';
import { ROOM_SORT_KEYS } from '../../shared/contract/rooms';
import { documentVerdicts, type BodyCase, type OpenApiDocument } from '../../scripts/openapiTools';
import { entities } from '../../server/entities';
import { dataUrl, insertCompany, insertUser, PNG_BYTES } from '../helpers/serverFixtures';
import { insertAdmin, useSignedInServer } from '../helpers/testServer';

// Adjustments of any size apply at once here (four eyes: creditRequests.test.ts, fourEyesBySum.test.ts); the threshold
// is above any sum of the near-limit amounts below (past what the configuration accepts).
const ctx = useSignedInServer({ creditApprovalThreshold: Number.MAX_SAFE_INTEGER });

/** A request of the table below: the call as sent (`:id` filled in), and the document's operation it is checked against. */
interface Call extends BodyCase {
  method: 'POST' | 'PUT';
  url: string;
}

const ID = '0123456789abcdef01234567';
const call = (name: string, method: 'POST' | 'PUT', path: string, body: unknown, id = ID): Call => ({
  name,
  method,
  path,
  url: path.replace('{id}', id).replace(/^\/api/, ''),
  body,
});
const onCompany = (name: string, body: unknown) => call(name, 'PUT', '/api/company/{id}', body);
const image = 'https://x.example/a.png';

/** What the server refuses outside a handler's own business (stale versions, taken addresses): bad input, all 400. */
const refused: Call[] = [
  call('an unknown sort key', 'POST', '/api/company/search', { sort: { password: 1 } }),
  call('a key every object inherits', 'POST', '/api/company/search', { sort: { constructor: 1 } }),
  call('two sort keys', 'POST', '/api/company/search', { sort: { name: 1, city: -1 } }),
  call('a sort direction of 2', 'POST', '/api/company/search', { sort: { name: 2 } }),
  call('an offer sorted by a need key', 'POST', '/api/offer/search', { sort: { emergency: 1 } }),
  call('a need sorted by an offer key', 'POST', '/api/need/search', { sort: { price: 1 } }),
  call('a room sorted by name', 'POST', '/api/room/search', { sort: { name: 1 } }),
  call('another product’s balance as a sort key', 'POST', '/api/company/search', { sort: { token_balance: 1 } }),
  call('a malformed e-mail', 'POST', '/api/admin', { name: 'Ann', email: 'ann.example.com' }),
  call('an e-mail without a domain', 'POST', '/api/user/invite', { name: 'Ann', email: 'ann@', organisation_id: ID }),
  onCompany('a 13-digit siret', { siret: '1234567890123' }),
  onCompany('a siret with a letter', { siret: '1234567890123a' }),
  onCompany('an unknown activity domain', { activity_domain: 'Astrologie' }),
  onCompany('an unknown sub-domain', { sub_activity_domain: 'Horoscopes' }),
  onCompany('a sub-domain of another domain', { activity_domain: 'Mobilier', sub_activity_domain: 'Vins' }),
  onCompany('a sub-domain with the domain cleared', { activity_domain: '', sub_activity_domain: 'Vins' }),
  call('a need’s sub-domain without a domain', 'POST', '/api/need', { description: 'A need', emergency: 'Maintenant', sub_activity_domain: 'Vins' }),
  call('a credit ratio of 0.6', 'PUT', '/api/offer/{id}', { credit_ratio: 0.6 }),
  call('an offer’s sub-domain of another domain', 'PUT', '/api/offer/{id}', { activity_domain: 'Vin/Spiritueux', sub_activity_domain: 'Rangement' }),
  call('a zero adjustment', 'POST', '/api/company/{id}/credit', { amount: 0, reason: 'Nothing' }),
  call('an adjustment of 10^12', 'POST', '/api/company/{id}/credit', { amount: 1e12, reason: 'Too much' }),
  call('an adjustment below -10^12', 'POST', '/api/company/{id}/credit', { amount: -1e12 - 1, reason: 'Too little' }),
  onCompany('a balance of 10^12', { credit_balance: 1e12 }),
  onCompany('a javascript: website', { website: 'javascript:alert(1)' }),
  onCompany('an ftp: logo', { logo_url: 'ftp://x.example/logo.png' }),
  call('a data: category image', 'POST', '/api/category_image', { activity_domain: 'Mobilier', image_url: 'data:image/png;base64,AAAA' }),
  call('an offer image that is no link', 'POST', '/api/offer', { title: 'Chairs', description: 'Chairs', images: ['javascript:alert(1)'] }),
  call('an upload to /etc', 'POST', '/api/file', { files: [{ rawBody: dataUrl(PNG_BYTES), name: 'a.png' }], folder: '/etc' }),
  call('an upload climbing out of its folder', 'POST', '/api/file', { files: [{ rawBody: dataUrl(PNG_BYTES), name: 'a.png' }], folder: '/credit/../etc' }),
  call('another product’s logo folder', 'POST', '/api/file', { files: [{ rawBody: dataUrl(PNG_BYTES), name: 'a.png' }], folder: '/token' }),
];

/**
 * The one refusal the document leaves to its description: an amount with more than two decimals. `multipleOf: 0.01`
 * would say it, but floating-point validators (ajv: Spectral, Redocly, Prism) then refuse 0.07 or 1.1 as well.
 */
const refusedByTheServerOnly: Call[] = [
  call('an adjustment with three decimals', 'POST', '/api/company/{id}/credit', { amount: 1.234, reason: 'Too fine' }),
  onCompany('a balance with three decimals', { credit_balance: 10.001 }),
];

const send = (one: Call, url = one.url) => ctx.me.call(one.method, url, one.body);

describe('the published document and the server', () => {
  let document: OpenApiDocument;
  beforeAll(async () => {
    document = (await ctx.server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
  });

  it('refuse the same bodies: every one the server refuses as invalid, the document refuses too', async () => {
    for (const one of refused) {
      const answer = await send(one);
      expect(answer.statusCode, `${one.name}: ${answer.body}`).toBe(400);
      expect(answer.json(), one.name).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
    const verdicts = await documentVerdicts(document, refused);
    const acceptedByDocument = refused.filter((one) => verdicts.get(one.name) === undefined).map((one) => one.name);
    expect(acceptedByDocument).toEqual([]);
  });

  it('leave only the number of decimals of an amount to the document’s description', async () => {
    for (const one of refusedByTheServerOnly) expect((await send(one)).json(), one.name).toMatchObject({ code: 'VALIDATION_ERROR' });
    const verdicts = await documentVerdicts(document, refusedByTheServerOnly);
    expect(refusedByTheServerOnly.map((one) => verdicts.get(one.name))).toEqual([undefined, undefined]);
    expect(JSON.stringify(document)).toContain('at most 2 decimals');
  });

  it('accept the same bodies: every one the document refuses, the server refuses too', async () => {
    const company = await insertCompany(ctx.server.app, { activityDomain: 'Mobilier' });
    const offer = (await ctx.me.call('POST', '/offer', { title: 'Chairs', description: 'Twelve chairs', images: [image] })).json<{ data: { _id: string } }>()
      .data._id;
    const need = (await ctx.me.call('POST', '/need', { description: 'A need', emergency: 'Maintenant' })).json<{ data: { _id: string } }>().data._id;
    const onThe = (one: Call, id: string): Call => ({ ...one, url: one.path.replace('{id}', id).replace(/^\/api/, '') });
    const accepted: Call[] = [
      ...COMPANY_SORT_KEYS.map((key) => call(`companies by ${key}`, 'POST', '/api/company/search', { sort: { [key]: -1 } })),
      ...OFFER_SORT_KEYS.map((key) => call(`offers by ${key}`, 'POST', '/api/offer/search', { sort: { [key]: 1 } })),
      ...NEED_SORT_KEYS.map((key) => call(`needs by ${key}`, 'POST', '/api/need/search', { sort: { [key]: 1 } })),
      ...ROOM_SORT_KEYS.map((key) => call(`rooms by ${key}`, 'POST', '/api/room/search', { sort: { [key]: 1 } })),
      call('an empty search', 'POST', '/api/company/search', {}),
      onThe(onCompany('a siret written in groups', { siret: '123 456 789 01234' }), company.id),
      onThe(onCompany('an e-mail in capitals, with blanks', { email: ' Contact@Example.COM ' }), company.id),
      onThe(onCompany("'' to clear fields", { siret: '', email: '', website: '', phone: '', sub_activity_domain: '', turnover: '' }), company.id),
      onThe(onCompany('null to clear fields', { siret: null, website: null, creation_year: null }), company.id),
      onThe(onCompany('a domain and one of its sub-domains', { activity_domain: 'Mobilier', sub_activity_domain: 'Rangement' }), company.id),
      onThe(onCompany('a sub-domain of the stored domain', { sub_activity_domain: 'Cloisons' }), company.id),
      onThe(onCompany('http and HTTPS links', { website: 'http://example.com', logo_url: 'HTTPS://x.example/logo.png' }), company.id),
      onThe(call('a credit ratio of 0.75', 'PUT', '/api/offer/{id}', { credit_ratio: 0.75, price: '' }), offer),
      onThe(call('a credit ratio of 1', 'PUT', '/api/offer/{id}', { credit_ratio: 1, activity_domain: 'Mobilier', sub_activity_domain: 'Rangement' }), offer),
      onThe(call('a need cleared of its domain', 'PUT', '/api/need/{id}', { activity_domain: '', sub_activity_domain: null }), need),
      onThe(call('an adjustment of 0.07', 'POST', '/api/company/{id}/credit', { amount: 0.07, reason: 'Cents' }), company.id),
      onThe(call('an adjustment of -999999999.99', 'POST', '/api/company/{id}/credit', { amount: -999_999_999.99, reason: 'Debit' }), company.id),
      call('a logo upload', 'POST', '/api/file', { files: [{ rawBody: dataUrl(PNG_BYTES), name: 'a.png' }], folder: '/credit' }),
      call('an offer image upload', 'POST', '/api/file', { files: [{ rawBody: dataUrl(PNG_BYTES), name: 'a.png' }], folder: '/offers' }),
    ];
    for (const one of accepted) {
      const answer = await send(one);
      expect(answer.statusCode, `${one.name}: ${answer.body}`).toBe(200);
    }
    const verdicts = await documentVerdicts(document, accepted);
    const refusedByDocument = accepted.filter((one) => verdicts.get(one.name) !== undefined).map((one) => `${one.name}: ${verdicts.get(one.name)}`);
    expect(refusedByDocument).toEqual([]);
  });

  it('take a search without a body, and the document says it may be left out', async () => {
    const paths = document.paths as Record<string, Record<string, { requestBody?: { required?: boolean } }>>;
    // Every list's search the document publishes (a company's ledger, under its company, aside).
    const searches = Object.keys(paths).filter((path) => /^\/api\/[a-z_]+\/search$/.test(path) && paths[path]?.post);
    expect(searches).toEqual(expect.arrayContaining(entities.filter((entity) => entity.search).map((entity) => `/api/${entity.name}/search`)));
    expect(searches.length).toBeGreaterThan(entities.length);
    for (const path of searches) {
      const answer = await ctx.server.app.inject({ method: 'POST', url: path, headers: { authorization: `JWT ${ctx.me.token}` } });
      expect(answer.statusCode, path).toBe(200);
      expect(paths[path]?.post?.requestBody?.required, path).toBe(false);
    }
  });

  it('declare, on its operation, each refusal the server answers', async () => {
    const company = await insertCompany(ctx.server.app);
    await insertUser(ctx.server.app, { organisationId: company.id });
    const other = await insertAdmin(ctx.server.app);
    const app = ctx.server.app;
    const nearTheBound = { amount: 999_999_999_999, reason: 'Near the bound' };
    expect((await ctx.me.call('POST', `/company/${company.id}/credit`, nearTheBound)).statusCode).toBe(200);
    const calls: Array<[method: string, path: string, answer: Promise<{ statusCode: number; json: <T>() => T }>]> = [
      ['post', '/api/admin/signin', app.inject({ method: 'POST', url: '/api/admin/signin', payload: { email: other.email, password: 'wrong-password' } })],
      ['post', '/api/company/search', app.inject({ method: 'POST', url: '/api/company/search', payload: {} })],
      ['post', '/api/company/search', ctx.me.call('POST', '/company/search', { sort: { nope: 1 } })],
      [
        'post',
        '/api/company',
        app.inject({ method: 'POST', url: '/api/company', headers: { authorization: `JWT ${ctx.me.token}`, 'content-type': 'text/plain' }, payload: 'x' }),
      ],
      [
        'post',
        '/api/company',
        app.inject({
          method: 'POST',
          url: '/api/company',
          headers: { authorization: `JWT ${ctx.me.token}`, 'content-type': 'application/json' },
          payload: '{',
        }),
      ],
      ['get', '/api/company/{id}', ctx.me.call('GET', `/company/${ID}`)],
      ['put', '/api/company/{id}', ctx.me.call('PUT', `/company/${company.id}`, { name: 'Stale', version: company.version + 5 })],
      ['delete', '/api/company/{id}', ctx.me.call('DELETE', `/company/${company.id}`)],
      ['delete', '/api/admin/{id}', ctx.me.call('DELETE', `/admin/${ctx.me.id}`)],
      ['post', '/api/admin', ctx.me.call('POST', '/admin', { name: 'Twin', email: other.email })],
      ['post', '/api/company/{id}/credit', ctx.me.call('POST', `/company/${company.id}/credit`, nearTheBound)],
    ];
    const paths = document.paths as Record<string, Record<string, { responses: Record<string, { $ref?: string }> }>>;
    const responses = (
      document.components as { responses: Record<string, { content: Record<string, { schema: { properties: { code: { enum: string[] } } } }> }> }
    ).responses;
    const seen: string[] = [];
    for (const [method, path, pending] of calls) {
      const answer = await pending;
      const { code } = answer.json<{ code: string }>();
      seen.push(`${answer.statusCode} ${code}`);
      const declared = paths[path]?.[method]?.responses[String(answer.statusCode)]?.$ref?.replace('#/components/responses/', '');
      expect(declared, `${method} ${path} answered ${answer.statusCode} ${code}`).toBeDefined();
      expect(responses[declared ?? '']?.content['application/json']?.schema.properties.code.enum, `${method} ${path}`).toContain(code);
    }
    expect(seen).toEqual([
      '401 INVALID_CREDENTIALS',
      '401 UNAUTHORIZED',
      '400 VALIDATION_ERROR',
      '415 UNSUPPORTED_MEDIA_TYPE',
      '400 INVALID_JSON',
      '404 NOT_FOUND',
      '409 STALE_RECORD',
      '409 COMPANY_NOT_EMPTY',
      '403 CANNOT_DELETE_SELF',
      '409 EMAIL_TAKEN',
      '400 BALANCE_OUT_OF_RANGE',
    ]);
  });
});
