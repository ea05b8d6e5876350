import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, companies, creditEntries } from '../../server/db/schema';
import { PNG_BYTES, dataUrl, insertCompany } from '../helpers/serverFixtures';
import { useInstancesOverOneDatabase } from '../helpers/instancesOverOneDatabase';
import { insertAdmin, signIn } from '../helpers/testServer';

/**
 * Two server instances over one database, as behind a load balancer. On PostgreSQL each opens its own
 * connection pool, as two processes would; PGlite lives inside one process, so there they share its handle.
 * Each instance has its own upload folder: nothing may depend on the local disk.
 */
const AUTH_MAX = 4;
const instances = useInstancesOverOneDatabase();
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  const overrides = { authRateLimit: { max: AUTH_MAX, windowSeconds: 900 } };
  a = await instances.build(overrides);
  b = await instances.build(overrides);
});

const as = (app: FastifyInstance, token: string) => (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: { authorization: `JWT ${token}` }, ...(payload ? { payload } : {}) });

async function signedIn() {
  const admin = await insertAdmin(a);
  const { token } = await signIn(a, admin.email);
  return { ...admin, token };
}

describe('two instances over one database', () => {
  it('a session opened through one is live on the other, and ended through the other it is gone on both', async () => {
    const admin = await signedIn();
    const onB = await as(b, admin.token)('GET', `/admin/${admin.id}`);
    expect(onB.statusCode).toBe(200);
    expect(onB.json()).toMatchObject({ ok: true, data: { _id: admin.id, email: admin.email } });
    const cookieOnB = await b.inject({ method: 'GET', url: '/api/admin/signin_token', cookies: { ap_session: admin.token } });
    expect(cookieOnB.json()).toMatchObject({ ok: true, token: admin.token, user: { _id: admin.id } });

    // A keeps the session in memory too (sessionCache.ts); it must drop it when B's sign-out commits.
    expect((await as(a, admin.token)('GET', `/admin/${admin.id}`)).statusCode).toBe(200);
    expect((await as(b, admin.token)('POST', '/admin/logout')).json()).toEqual({ ok: true });
    // On PostgreSQL A hears of the commit on its listening connection, a moment after B answered.
    await vi.waitFor(
      async () => {
        const afterOnA = await as(a, admin.token)('GET', `/admin/${admin.id}`);
        expect(afterOnA.statusCode).toBe(401);
        expect(afterOnA.json()).toEqual({ ok: false, code: 'UNAUTHORIZED' });
      },
      { timeout: 2_000, interval: 20 },
    );
  });

  it('a file uploaded through one is served by the other', async () => {
    const admin = await signedIn();
    const uploaded = await as(a, admin.token)('POST', '/file', { files: [{ rawBody: dataUrl(PNG_BYTES), name: 'shared.png' }], folder: '/offers' });
    const [url] = uploaded.json<{ data: string[] }>().data;
    expect(url).toMatch(/^http:\/\/localhost:3000\/uploads\/offers\/shared-[a-f0-9]{12}\.png$/);
    const path = new URL(url ?? '').pathname;
    const onB = await b.inject({ method: 'GET', url: path });
    expect(onB.statusCode).toBe(200);
    expect(onB.headers['content-type']).toBe('image/png');
    expect(onB.rawPayload.equals(PNG_BYTES)).toBe(true);
    const onA = await a.inject({ method: 'GET', url: path });
    expect(onA.headers.etag).toBe(onB.headers.etag);
    const revalidated = await b.inject({ method: 'GET', url: path, headers: { 'if-none-match': String(onA.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
  });

  it("the Bank's list, kept by each, shows at once an image added through the other", async () => {
    const admin = await signedIn();
    const bankOn = (app: FastifyInstance) => as(app, admin.token)('POST', '/category_image/search', {});
    const urlsOn = async (app: FastifyInstance) => (await bankOn(app)).json<{ data: Array<{ image_url: string }> }>().data.map((image) => image.image_url);
    const before = await urlsOn(b);
    expect(await urlsOn(b)).toEqual(before);
    const added = await as(a, admin.token)('POST', '/category_image', { activity_domain: 'Mobilier', image_url: 'https://x.example/shared.png' });
    expect(added.statusCode).toBe(200);
    expect(await urlsOn(b)).toEqual(['https://x.example/shared.png', ...before]);
  });

  it('sign-in failures are counted across both: alternating between them is refused once the limit is reached', async () => {
    const { email } = await insertAdmin(a);
    const tryWrong = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/api/admin/signin', payload: { email, password: 'wrong-password-1' } });
    for (let attempt = 0; attempt < AUTH_MAX; attempt += 1) {
      const response = await tryWrong(attempt % 2 === 0 ? a : b);
      expect(response.statusCode, `attempt ${attempt + 1}`).toBe(401);
    }
    for (const app of [a, b]) {
      const refused = await tryWrong(app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ ok: false, code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('concurrent credit adjustments through both lose nothing: 50 × +1 leave +50, 50 entries and 50 audit events', async () => {
    const admin = await signedIn();
    const company = await insertCompany(a);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        as(index % 2 === 0 ? a : b, admin.token)('POST', `/company/${company.id}/credit`, { amount: 1, reason: 'Concurrent' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    const [row] = await b.db.select({ balance: companies.creditBalance }).from(companies).where(eq(companies.id, company.id));
    expect(row?.balance).toBe(50);
    const entries = await a.db.select({ balanceAfter: creditEntries.balanceAfter }).from(creditEntries).where(eq(creditEntries.companyId, company.id));
    // Each adjustment saw the one before it: the balances left run 1, 2, …, 50 with none twice.
    expect(entries.map((entry) => entry.balanceAfter).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    const events = await a.db.select({ id: auditEvents.id }).from(auditEvents).where(eq(auditEvents.entityId, company.id));
    expect(events).toHaveLength(50);
  });
});
