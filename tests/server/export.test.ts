import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, needs, offers } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { MAX_CONCURRENT_EXPORTS } from '../../server/lib/exportSlots';
import { adjustBalance } from '../../server/lib/ledger';
import { readCsv } from '../helpers/csvFile';
import { insertCompany, insertRoom, insertUser } from '../helpers/serverFixtures';
import { buildTestServer, insertAdmin, signedInAdmin, useSignedInServer } from '../helpers/testServer';

const ctx = useSignedInServer();

const exportCsv = async (url: string, body: object) => {
  const response = await ctx.me.call('POST', url, body);
  expect(response.statusCode, response.body).toBe(200);
  return { response, file: readCsv(response.body) };
};

/** Every row of a search, page after page, as the console would read them. */
async function pagedSearch(url: string, body: object, key: 'data' | 'rooms' = 'data'): Promise<Array<Record<string, unknown>>> {
  const rows: Array<Record<string, unknown>> = [];
  for (let offset = 0; ; offset += 10) {
    const page = (await ctx.me.call('POST', url, { ...body, offset, ...(key === 'rooms' ? { limit: 10 } : {}) })).json();
    rows.push(...page[key]);
    if (page[key].length < 10) return rows;
  }
}

/** Each list: its export, the search it mirrors, a filtered (and where it can, sorted) body, and the header of its file. */
/** The company whose users the users' export is narrowed to. */
const organisationId = newId();

interface ListCase {
  url: string;
  key: 'data' | 'rooms';
  body: object;
  header: string;
}
const LISTS: Record<string, ListCase> = {
  admins: { url: '/admin', key: 'data', body: { search: 'exporté' }, header: 'id;name;email;role;last_login_at' },
  users: { url: '/user', key: 'data', body: { organisation_id: organisationId }, header: 'id;name;email;organisation_id;organisation_name;last_login_at' },
  companies: {
    url: '/company',
    key: 'data',
    body: { activity_domain: 'Bois', sort: { name: 1 } },
    header: 'id;name;logo_url;credit_balance;activity_domain;sub_activity_domain;postal_code;city;country;created_at',
  },
  offers: {
    url: '/offer',
    key: 'data',
    body: { search: 'lot', sort: { price: -1 } },
    header: 'id;title;images;organisation_id;organisation_name;price;unit;price_on_proposal;credit_ratio;created_at',
  },
  needs: {
    url: '/need',
    key: 'data',
    body: { emergency: 'Maintenant', sort: { description: 1 } },
    header: 'id;organisation_id;organisation_name;description;emergency;created_at',
  },
  rooms: {
    url: '/room',
    key: 'rooms',
    body: { search: 'salle', limit: 5 },
    header: 'id;offer_id;offer_title;offer_image;seller_id;seller_name;buyer_id;buyer_name;created_at;last_message;last_activity_at',
  },
  audit: { url: '/audit', key: 'data', body: { action: 'sign_in' }, header: 'id;created_at;admin_id;admin_name;action;entity;entity_id;changes' },
};

describe('POST /x/export: the whole filtered list as CSV', () => {
  beforeAll(async () => {
    const { app } = ctx.server;
    const organisation = await insertCompany(app, { id: organisationId, name: 'Maison Export' });
    for (let index = 0; index < 23; index += 1) {
      await insertAdmin(app, { name: `Exporté ${index}`, withPassword: false });
      await insertUser(app, { organisationId: organisation.id });
      await insertCompany(app, { name: `Export ${index % 5}`, activityDomain: index % 2 ? 'Bois' : 'Verre' });
      await insertRoom(app, { offerTitle: `Salle ${index}` });
    }
    await app.db.insert(offers).values(
      Array.from({ length: 23 }, (_, index) => ({
        id: newId(),
        title: `Lot ${index}`,
        description: 'd',
        images: [],
        price: index % 4,
        organisationId: organisation.id,
      })),
    );
    await app.db
      .insert(needs)
      .values(
        Array.from({ length: 23 }, (_, index) => ({ id: newId(), description: `Besoin ${index % 3}`, emergency: index % 3 ? 'Maintenant' : 'Plus tard' })),
      );
    for (let index = 0; index < 12; index += 1) await signedInAdmin(app);
  });

  it.each(Object.entries(LISTS))('%s: exactly the rows of the search, all pages, in its order (offset ignored)', async (_name, list) => {
    const paged = await pagedSearch(`${list.url}/search`, list.body, list.key);
    expect(paged.length).toBeGreaterThan(10);
    const { response, file } = await exportCsv(`${list.url}/export`, { ...list.body, offset: 10 });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.bom).toBe(true);
    expect(file.header.join(';')).toBe(list.header);
    expect(file.rows.map((row) => row.id)).toEqual(paged.map((row) => row._id));
    if (file.header.includes('created_at')) expect(file.rows.map((row) => row.created_at)).toEqual(paged.map((row) => row.created_at));
  });

  it.each(Object.entries(LISTS))('%s: names the file after the list and the day', async (name, list) => {
    const { response } = await exportCsv(`${list.url}/export`, {});
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}-${day}.csv"`);
  });

  it('writes a BOM, `;`, CRLF, RFC 4180 quotes, and guards text against formulas but not numbers', async () => {
    const company = await insertCompany(ctx.server.app, {
      name: '=HYPERLINK("x";"y")',
      city: 'Saint-Denis; "Nord"\r\nbis',
      country: '-France',
      postalCode: '@93200',
      subActivityDomain: '\tTab',
    });
    await adjustBalance(ctx.server.app.db, { companyId: company.id, amount: -10.5, reason: 'Test', admin: null });
    const { response, file } = await exportCsv('/company/export', { search: 'hyperlink' });
    expect(response.body.startsWith('\uFEFFid;name;logo_url;credit_balance;')).toBe(true);
    expect(response.body).toContain(`\r\n${company.id};"'=HYPERLINK(""x"";""y"")";;-10.50;;'\tTab;'@93200;"Saint-Denis; ""Nord""\r\nbis";'-France;`);
    expect(response.body.endsWith('Z\r\n')).toBe(true);
    expect(file.rows).toEqual([
      expect.objectContaining({
        id: company.id,
        name: `'=HYPERLINK("x";"y")`,
        credit_balance: '-10.50',
        city: 'Saint-Denis; "Nord"\r\nbis',
        country: "'-France",
      }),
    ]);
  });

  it('answers the header alone when nothing matches', async () => {
    const { response, file } = await exportCsv('/offer/export', { search: 'rien ne correspond' });
    expect(response.body).toBe(`\uFEFF${LISTS.offers?.header}\r\n`);
    expect(file.rows).toEqual([]);
  });

  it.each([
    ['/company', { sort: { nope: 1 } }],
    ['/company', { sort: { name: 1, city: -1 } }],
    ['/company', { search: 5 }],
    ['/offer', { sort: { constructor: 1 } }],
    ['/need', { emergency: 'Jamais' }],
    ['/user', { organisation_id: 'not-an-id' }],
    ['/admin', { offset: -1 }],
    ['/room', { limit: 500 }],
    ['/audit', { from: 'yesterday' }],
    ['/audit', { action: 'not-an-action' }],
  ])('%s refuses %j exactly as its search does', async (url, body) => {
    const search = await ctx.me.call('POST', `${url}/search`, body);
    const exported = await ctx.me.call('POST', `${url}/export`, body);
    expect(search.statusCode).toBe(400);
    expect(exported.statusCode).toBe(search.statusCode);
    expect(exported.headers['content-type']).toMatch(/^application\/json/);
    expect(exported.json()).toEqual(search.json());
  });

  it('needs a session, like every list', async () => {
    const response = await ctx.server.app.inject({ method: 'POST', url: '/api/company/export', payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ ok: false });
  });

  it('records each export in the audit trail, with its filters and without its page', async () => {
    await exportCsv('/company/export', { activity_domain: 'Bois', sort: { name: 1 }, offset: 20 });
    const trail = (await ctx.me.call('POST', '/audit/search', { action: 'export' })).json();
    expect(trail.data[0]).toMatchObject({
      action: 'export',
      entity: 'company',
      entity_id: null,
      admin_id: ctx.me.id,
      changes: { activity_domain: [null, 'Bois'], sort: [null, { name: 1 }] },
    });
    await exportCsv('/audit/export', { action: 'export' });
    const own = (await ctx.me.call('POST', '/audit/search', { action: 'export', entity: 'audit_event' })).json();
    expect(own.data[0]).toMatchObject({ entity: 'audit_event', changes: { action: [null, 'export'] } });
  });
});

describe('POST /x/export: streamed from a cursor', () => {
  /** A server of its own, with more bytes than sockets buffer: a client that stops reading leaves the export mid-way. */
  const server = { current: undefined as Awaited<ReturnType<typeof buildTestServer>> | undefined };
  const ROWS = 12_000;
  /** About 2 kB a row: 24 MB in all, more than the kernel's socket buffers hold on both ends. */
  const logoUrl = `https://x.example/${'a'.repeat(2000)}.png`;

  beforeAll(async () => {
    server.current = await buildTestServer();
    const { app } = server.current;
    for (let start = 0; start < ROWS; start += 2000) {
      await app.db.insert(companies).values(Array.from({ length: 2000 }, (_, index) => ({ id: newId(), name: `Streamed ${start + index}`, logoUrl })));
    }
    return () => server.current?.close();
  }, 120_000);

  /**
   * Exports still reading: PGlite's open cursors (one session); on PostgreSQL the connections whose transaction last
   * declared or fetched an export cursor, whether idle (waiting for the client) or fetching the next batch right now.
   */
  async function openExports(): Promise<number> {
    const app = server.current?.app;
    if (!app) throw new Error('no server');
    const query =
      app.dbKind === 'pglite'
        ? sql`select count(*)::int as open from pg_cursors where name like 'export_%'`
        : sql`select count(*)::int as open from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle' and query like '%"export%'`;
    const result = (await app.db.execute(query)) as unknown as { rows: Array<{ open: number }> };
    return Number(result.rows[0]?.open ?? 0);
  }

  it(`reads every row of a large result, ${ROWS} rows over many FETCHes`, async () => {
    const app = server.current?.app;
    if (!app) throw new Error('no server');
    const me = await signedInAdmin(app);
    const response = await me.call('POST', '/company/export', { search: 'streamed' });
    const file = readCsv(response.body);
    expect(file.rows).toHaveLength(ROWS);
    expect(new Set(file.rows.map((row) => row.id)).size).toBe(ROWS);
    expect(await openExports()).toBe(0);
  });

  /** An export over a real socket whose client reads one chunk and then stops: the server waits with its cursor open. */
  async function pausedExport(token: string): Promise<{ bytes: number; abort: () => void }> {
    const app = server.current?.app;
    if (!app) throw new Error('no server');
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const call = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/company/export',
          headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
        },
        (response) => {
          response.once('data', (chunk: Buffer) => {
            response.pause();
            resolve({ bytes: chunk.length, abort: () => call.destroy() });
          });
        },
      );
      call.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)));
      call.end(JSON.stringify({ search: 'streamed' }));
    });
  }

  const waitForOpenExports = async (count: number) => {
    for (let attempt = 0; attempt < 50 && (await openExports()) !== count; attempt += 1) await sleep(100);
    expect(await openExports()).toBe(count);
  };

  it('closes the cursor and releases its transaction when the client goes away mid-export', async () => {
    const app = server.current?.app;
    if (!app) throw new Error('no server');
    const me = await signedInAdmin(app);
    const firstChunk = await pausedExport(me.token);
    expect(firstChunk.bytes).toBeGreaterThan(0);
    // The client reads nothing more: the server waits for it with the cursor open.
    await sleep(200);
    expect(await openExports()).toBe(1);
    firstChunk.abort();
    await waitForOpenExports(0);
  });

  it(`streams ${MAX_CONCURRENT_EXPORTS} exports at once and refuses one more with 429 until one has ended`, async () => {
    const app = server.current?.app;
    if (!app) throw new Error('no server');
    const me = await signedInAdmin(app);
    const running = [];
    for (let index = 0; index < MAX_CONCURRENT_EXPORTS; index += 1) running.push(await pausedExport(me.token));
    await waitForOpenExports(MAX_CONCURRENT_EXPORTS);

    const refused = await me.call('POST', '/company/export', { search: 'streamed 1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ ok: false, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    running.pop()?.abort();
    await waitForOpenExports(MAX_CONCURRENT_EXPORTS - 1);
    const accepted = await me.call('POST', '/company/export', { search: 'streamed 1' });
    expect(accepted.statusCode).toBe(200);
    for (const paused of running) paused.abort();
    await waitForOpenExports(0);
  });
});
