import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { RECORD_ACTIVITY_CHANNEL } from '../../server/lib/recordActivity';
import { newId } from '../../server/lib/ids';
import { readEventStream } from '../helpers/eventStreamReader';
import { insertCompany } from '../helpers/serverFixtures';
import { useListeningServers } from '../helpers/instancesOverOneDatabase';
import { insertAdmin, signIn } from '../helpers/testServer';

// Runs in the PostgreSQL pass only (vitest.config.ts includes this folder when DATABASE_URL is set).
/**
 * Two servers over one PostgreSQL database, each with its own pool and its own LISTEN connection, as two processes
 * behind a load balancer: what one admin does on server 2 reaches the record page of another admin on server 1.
 */
const { servers, bases } = useListeningServers(2);

const signedIn = async (server: FastifyInstance, name: string) => {
  const { id, email } = await insertAdmin(server, { name });
  return { id, name, token: (await signIn(server, email)).token };
};

describe('presence across two servers on PostgreSQL', () => {
  it("a viewer on server 1 sees a viewer who came through server 2, and hears at once of that admin's save there", async () => {
    const [one, two] = [servers[0] as FastifyInstance, servers[1] as FastifyInstance];
    const ada = await signedIn(one, 'Ada Lovelace');
    const hugo = await signedIn(two, 'Hugo Simon');
    const company = await insertCompany(one, { city: 'Lyon' });
    const [adaTab, hugoTab] = [`tab-${newId()}`, `tab-${newId()}`];
    const post = (base: string, token: string, method: string, path: string, body?: object) =>
      fetch(`${base}/api${path}`, {
        method,
        headers: { authorization: `JWT ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });

    await post(bases[0] ?? '', ada.token, 'POST', '/presence', { resource: 'company', id: company.id, tab_id: adaTab });
    const stream = await readEventStream(`${bases[0]}/api/presence/company/${company.id}/events?tab_id=${adaTab}`, { authorization: `JWT ${ada.token}` });
    try {
      expect(await stream.nextOf('viewers')).toEqual({ viewers: [] });
      // Only server 1 listens (it holds the stream), on a connection of its own: server 2's notice crosses the database.
      const listeners = await one.db.execute(
        sql`select count(*)::int as listening from pg_stat_activity where datname = current_database() and query = ${`LISTEN "${RECORD_ACTIVITY_CHANNEL}"`}`,
      );
      expect((listeners as unknown as { rows: unknown[] }).rows).toEqual([{ listening: 1 }]);

      const arrived = await post(bases[1] ?? '', hugo.token, 'POST', '/presence', { resource: 'company', id: company.id, tab_id: hugoTab });
      expect(await arrived.json()).toEqual({ ok: true, viewers: [{ admin_id: ada.id, name: 'Ada Lovelace' }] });
      expect(await stream.nextOf('viewers', 2000)).toEqual({ viewers: [{ admin_id: hugo.id, name: 'Hugo Simon' }] });

      const started = Date.now();
      expect((await post(bases[1] ?? '', hugo.token, 'PUT', `/company/${company.id}`, { city: 'Nantes' })).status).toBe(200);
      expect(await stream.nextOf('saved', 2000)).toEqual({ admin_id: hugo.id, name: 'Hugo Simon' });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      stream.close();
    }
  });
});
