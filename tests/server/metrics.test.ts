import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordDatabaseError } from '../../server/lib/metrics';
import { buildTestServer, useSignedInServer } from '../helpers/testServer';
import { insertCompany } from '../helpers/serverFixtures';

const TOKEN = 'metrics-token-for-the-tests';
const ctx = useSignedInServer({ metricsToken: TOKEN });
const app = () => ctx.server.app;

/** A scrape with the token, or with the given Authorization header (null: none). */
const scrape = (authorization: string | null = `Bearer ${TOKEN}`) =>
  app().inject({ method: 'GET', url: '/metrics', headers: authorization === null ? {} : { authorization } });

/** The value of one sample of Prometheus' text format: `name{labels} value`, the labels given in full, in order. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  it('is an unknown path (404 in the envelope) while METRICS_TOKEN is unset', async () => {
    const server = await buildTestServer();
    try {
      const answer = await server.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ ok: false, code: 'NOT_FOUND' });
    } finally {
      await server.close();
    }
  });

  it('refuses a caller without the bearer token, in the envelope, and never shows the token', async () => {
    for (const authorization of [null, TOKEN, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `JWT ${ctx.me.token}`]) {
      const answer = await scrape(authorization);
      expect(answer.statusCode, String(authorization)).toBe(401);
      expect(answer.json()).toEqual({ ok: false, code: 'UNAUTHORIZED' });
    }
    expect((await scrape()).body).not.toContain(TOKEN);
  });

  it('counts requests by route pattern, method and status, with their latency', async () => {
    const company = await insertCompany(app());
    await ctx.me.call('GET', `/company/${company.id}`);
    await ctx.me.call('GET', `/company/${company.id}`);
    await ctx.me.call('GET', `/company/${'f'.repeat(24)}`);
    const answer = await scrape();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    expect(sample(text, 'http_requests_total', 'method="GET",route="/api/company/:id",status_code="200"')).toBe(2);
    expect(sample(text, 'http_requests_total', 'method="GET",route="/api/company/:id",status_code="404"')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', 'method="GET",route="/api/company/:id",status_code="200"')).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', 'le="+Inf",method="GET",route="/api/company/:id",status_code="200"')).toBe(2);
    // The raw address never becomes a series of its own.
    expect(text).not.toContain(company.id);
  });

  it("shows the event loop's lag, the database's errors and its pool or PGlite's queue", async () => {
    const before = sample((await scrape()).body, 'db_errors_total', 'kind="query"') ?? 0;
    recordDatabaseError('query');
    const text = (await scrape()).body;
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'db_errors_total', 'kind="query"')).toBe(before + 1);
    if (app().dbKind === 'pglite') {
      expect(sample(text, 'pglite_queue_wait_seconds_count')).toBeGreaterThan(0);
      expect(sample(text, 'pglite_queue_wait_seconds_bucket', 'le="+Inf"')).toBe(sample(text, 'pglite_queue_wait_seconds_count'));
      // A statement sent while a transaction holds the database waits for it: its wait shows beyond a quarter second.
      const slow = (scraped: string) =>
        (sample(scraped, 'pglite_queue_wait_seconds_count') ?? 0) - (sample(scraped, 'pglite_queue_wait_seconds_bucket', 'le="0.25"') ?? 0);
      const slowBefore = slow(text);
      let queued: Promise<unknown> = Promise.resolve();
      await app().db.transaction(async (tx) => {
        // Sent now: a Drizzle query goes out when it is first awaited or `then`ed.
        queued = app()
          .db.execute(sql`select 1`)
          .then(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 400));
        await tx.execute(sql`select 1`);
      });
      await queued;
      expect(slow((await scrape()).body)).toBe(slowBefore + 1);
    } else {
      expect(sample(text, 'db_pool_connections', 'state="total"')).toBeGreaterThan(0);
      expect(sample(text, 'db_pool_connections', 'state="idle"')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_waiting_queries')).toBe(0);
    }
  });

  it('counts the unsent mail at scrape time', async () => {
    const pending = () => scrape().then((answer) => sample(answer.body, 'mail_outbox_unsent', 'state="pending"'));
    const before = await pending();
    expect(before).toBeGreaterThanOrEqual(0);
    await app().inject({ method: 'POST', url: '/api/admin/forgot_password', payload: { email: ctx.me.email } });
    await app().background.idle();
    expect(await pending()).toBe((before ?? 0) + 1);
  });

  it('still answers when counting the unsent mail fails or hangs, leaving that gauge out', async () => {
    await app().db.execute(sql`ALTER TABLE outbox RENAME TO outbox_away`);
    try {
      const answer = await scrape();
      expect(answer.statusCode).toBe(200);
      expect(sample(answer.body, 'mail_outbox_unsent', 'state="pending"')).toBeUndefined();
      expect(sample(answer.body, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    } finally {
      await app().db.execute(sql`ALTER TABLE outbox_away RENAME TO outbox`);
    }
    // A transaction holding the table: the scrape answers after its bound, without the gauge.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => undefined as void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = app().db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE outbox IN ACCESS EXCLUSIVE MODE`);
      locked();
      await held;
    });
    try {
      await isLocked;
      const started = Date.now();
      const answer = await scrape();
      expect(answer.statusCode).toBe(200);
      expect(sample(answer.body, 'mail_outbox_unsent', 'state="pending"')).toBeUndefined();
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      release();
      await holder;
    }
    expect(sample((await scrape()).body, 'mail_outbox_unsent', 'state="pending"')).toBeGreaterThanOrEqual(0);
  });

  it('keeps a registry per app: a second app in the same process serves its own', async () => {
    const other = await buildTestServer({ metricsToken: TOKEN });
    try {
      const answer = await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(answer.statusCode).toBe(200);
      // This app has answered no company read: the first app's requests are not in its registry.
      expect(answer.body).not.toContain('route="/api/company/:id"');
    } finally {
      await other.close();
    }
  });
});
