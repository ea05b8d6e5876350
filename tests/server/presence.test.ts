import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, recordViewers } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import type { RecordSaved, RecordViewer } from '../../shared/contract/presence';
import { readEventStream } from '../helpers/eventStreamReader';
import { insertCompany } from '../helpers/serverFixtures';
import { useInstancesOverOneDatabase } from '../helpers/instancesOverOneDatabase';
import { insertAdmin, signIn } from '../helpers/testServer';

/**
 * /presence on two server instances over one database, as behind a load balancer (on PGlite they share its one
 * session; tests/server-postgres/presenceTwoServers.test.ts has each its own connections): the streams are read over
 * real HTTP from the first, the other admin calls the second.
 */
const instances = useInstancesOverOneDatabase();
let a: FastifyInstance;
let b: FastifyInstance;
let baseA = '';
let ada: Admin;
let hugo: Admin;

interface Admin {
  id: string;
  token: string;
  name: string;
}

async function admin(app: FastifyInstance, name: string): Promise<Admin> {
  const { id, email } = await insertAdmin(app, { name });
  return { id, name, token: (await signIn(app, email)).token };
}

const call = (app: FastifyInstance, who: Admin, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: { authorization: `JWT ${who.token}` }, ...(payload ? { payload } : {}) });

const enter = (app: FastifyInstance, who: Admin, id: string, tab: string, resource = 'company') =>
  call(app, who, 'POST', '/presence', { resource, id, tab_id: tab });
const viewersOf = (response: { json: <T>() => T }) => response.json<{ viewers: RecordViewer[] }>().viewers.map((viewer) => viewer.name);
const watch = (who: Admin, id: string, tab: string, resource = 'company') =>
  readEventStream(`${baseA}/api/presence/${resource}/${id}/events?tab_id=${tab}`, { authorization: `JWT ${who.token}` });

beforeAll(async () => {
  a = await instances.build();
  b = await instances.build();
  baseA = await a.listen({ host: '127.0.0.1', port: 0 });
  ada = await admin(a, 'Ada Lovelace');
  hugo = await admin(a, 'Hugo Simon');
});

const tab = () => `tab-${newId()}`;

describe('POST /presence', () => {
  it("answers the record's other viewers, each admin once, never the calling admin", async () => {
    const company = await insertCompany(a);
    const [adaTab, hugoTab, hugoOtherTab] = [tab(), tab(), tab()];
    expect(viewersOf(await enter(a, ada, company.id, adaTab))).toEqual([]);
    await enter(b, hugo, company.id, hugoTab);
    await enter(b, hugo, company.id, hugoOtherTab);
    const answer = await enter(a, ada, company.id, adaTab);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true, viewers: [{ admin_id: hugo.id, name: 'Hugo Simon' }] });
    // The same admin's other tab is not another admin: only Ada is named.
    expect(viewersOf(await enter(b, hugo, company.id, hugoTab))).toEqual(['Ada Lovelace']);
    // Another record's viewers are its own.
    expect(viewersOf(await enter(a, ada, (await insertCompany(a)).id, adaTab))).toEqual([]);
  });

  it('no longer counts a tab not heard from for 40 seconds, and forgets it', async () => {
    const company = await insertCompany(a);
    const hugoTab = tab();
    await enter(b, hugo, company.id, hugoTab);
    const where = and(eq(recordViewers.recordId, company.id), eq(recordViewers.tabId, hugoTab));
    await a.db
      .update(recordViewers)
      .set({ seenAt: sql`now() - interval '41 seconds'` })
      .where(where);
    expect(viewersOf(await enter(a, ada, company.id, tab()))).toEqual([]);
    expect(await a.db.select().from(recordViewers).where(where)).toEqual([]);
  });

  it('refuses a call without a session, and bad input, in the envelope', async () => {
    const id = newId();
    expect((await a.inject({ method: 'POST', url: '/api/presence', payload: { resource: 'company', id, tab_id: tab() } })).json()).toEqual({
      ok: false,
      code: 'UNAUTHORIZED',
    });
    for (const payload of [
      { resource: 'room', id, tab_id: tab() },
      { resource: 'company', id: 'not-an-id', tab_id: tab() },
      { resource: 'company', id, tab_id: 'x' },
      { resource: 'company', id, tab_id: `${'t'.repeat(60)}/../..` },
      { resource: 'company', id },
    ]) {
      const refused = await call(a, ada, 'POST', '/presence', payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
    const badLeave = await call(a, ada, 'DELETE', `/presence/company/${id}/x`);
    expect([badLeave.statusCode, badLeave.json().code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});

describe('DELETE /presence/{resource}/{id}/{tab_id}', () => {
  it('changes no record, so the audit trail records neither arrivals nor departures', async () => {
    const company = await insertCompany(a);
    const hugoTab = tab();
    const before = await a.db.$count(auditEvents);
    await enter(b, hugo, company.id, hugoTab);
    await call(b, hugo, 'DELETE', `/presence/company/${company.id}/${hugoTab}`);
    expect(await a.db.$count(auditEvents)).toBe(before);
  });

  it("removes the calling admin's tab, never another admin's", async () => {
    const company = await insertCompany(a);
    const [adaTab, hugoTab] = [tab(), tab()];
    await enter(b, hugo, company.id, hugoTab);
    await enter(a, ada, company.id, adaTab);
    expect((await call(a, ada, 'DELETE', `/presence/company/${company.id}/${hugoTab}`)).json()).toEqual({ ok: true });
    expect(viewersOf(await enter(a, ada, company.id, adaTab))).toEqual(['Hugo Simon']);
    expect((await call(b, hugo, 'DELETE', `/presence/company/${company.id}/${hugoTab}`)).json()).toEqual({ ok: true });
    expect(viewersOf(await enter(a, ada, company.id, adaTab))).toEqual([]);
  });
});

describe('GET /presence/{resource}/{id}/events', () => {
  it('sends the viewers first, then each arrival and departure made through another server', async () => {
    const company = await insertCompany(a);
    const [adaTab, hugoTab] = [tab(), tab()];
    await enter(a, ada, company.id, adaTab);
    const stream = await watch(ada, company.id, adaTab);
    try {
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(await stream.nextOf('viewers')).toEqual({ viewers: [] });
      await enter(b, hugo, company.id, hugoTab);
      expect(await stream.nextOf('viewers', 1000)).toEqual({ viewers: [{ admin_id: hugo.id, name: 'Hugo Simon' }] });
      // A heartbeat is no news.
      await enter(b, hugo, company.id, hugoTab);
      await call(b, hugo, 'DELETE', `/presence/company/${company.id}/${hugoTab}`);
      expect(await stream.nextOf('viewers', 1000)).toEqual({ viewers: [] });
    } finally {
      stream.close();
    }
  });

  it('says who saved the record, through whichever server, once it is committed; only for that record', async () => {
    const company = await insertCompany(a, { city: 'Lyon' });
    const other = await insertCompany(a);
    const adaTab = tab();
    const stream = await watch(ada, company.id, adaTab);
    try {
      await stream.nextOf('viewers');
      expect((await call(b, hugo, 'PUT', `/company/${other.id}`, { city: 'Brest' })).statusCode).toBe(200);
      // Refused (nothing saved, nothing audited): no notice.
      expect((await call(b, hugo, 'PUT', `/company/${company.id}`, { name: '' })).statusCode).toBe(400);
      // Saved as it was (nothing changed): no notice either.
      expect((await call(b, hugo, 'PUT', `/company/${company.id}`, { city: 'Lyon' })).statusCode).toBe(200);
      expect((await call(b, hugo, 'PUT', `/company/${company.id}`, { city: 'Nantes' })).statusCode).toBe(200);
      expect(await stream.nextOf<RecordSaved>('saved', 1000)).toEqual({ admin_id: hugo.id, name: 'Hugo Simon' });
      // A balance adjustment moves the record too.
      expect((await call(b, hugo, 'POST', `/company/${company.id}/credit`, { amount: 100, reason: 'Top-up' })).statusCode).toBe(200);
      expect(await stream.nextOf<RecordSaved>('saved', 1000)).toEqual({ admin_id: hugo.id, name: 'Hugo Simon' });
      expect(await stream.next(300)).toBe('timeout');
    } finally {
      stream.close();
    }
  });

  it('refuses without a session (401) and a bad resource or tab (400), in the envelope, before any stream', async () => {
    const id = newId();
    const anonymous = await fetch(`${baseA}/api/presence/company/${id}/events?tab_id=${tab()}`);
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { ok: false, code: 'UNAUTHORIZED' }]);
    for (const path of [`/presence/room/${id}/events?tab_id=${tab()}`, `/presence/company/${id}/events`]) {
      const refused = await fetch(`${baseA}/api${path}`, { headers: { authorization: `JWT ${ada.token}` } });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
  });
});
