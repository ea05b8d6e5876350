import { permit } from '../lib/permissions';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/client';
import { admins, recordViewers } from '../db/schema';
import { done } from '../lib/answers';
import { openEventStream } from '../lib/eventStream';
import { notifyRecord, recordActivity, type ViewerRow } from '../lib/recordActivity';
import { sessionOf } from '../lib/sessions';
import { okAnswer } from '../../shared/contract/envelope';
import { PRESENCE_WINDOW_MS } from '../../shared/catalogue/presence';
import { ENDS_WITH_SESSION } from '../../shared/catalogue/eventStreams';
import {
  presenceAnswer,
  presenceBody,
  presenceEventsParams,
  presenceEventsQuery,
  presenceEventStream,
  presenceLeaveParams,
  type RecordViewer,
} from '../../shared/contract/presence';

/** The database's clock, the same on every server. */
const windowStart = sql`now() - make_interval(secs => ${PRESENCE_WINDOW_MS / 1000})`;

const readViewers = (db: Database, resource: string, id: string): Promise<ViewerRow[]> =>
  db
    .select({ adminId: recordViewers.adminId, name: admins.name })
    .from(recordViewers)
    .innerJoin(admins, eq(admins.id, recordViewers.adminId))
    .where(and(eq(recordViewers.resource, resource), eq(recordViewers.recordId, id), gt(recordViewers.seenAt, windowStart)))
    .orderBy(asc(admins.name), asc(recordViewers.adminId));

/** Each other admin once: their own other tabs are not news. */
const othersThan = (adminId: string, rows: ViewerRow[]): RecordViewer[] => {
  const viewers = new Map<string, RecordViewer>();
  for (const row of rows) if (row.adminId !== adminId && !viewers.has(row.adminId)) viewers.set(row.adminId, { admin_id: row.adminId, name: row.name });
  return [...viewers.values()];
};

export async function presenceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ['Presence'];
  const activity = recordActivity(app.listenToDatabase, (resource, id) => readViewers(db, resource, id), app.log);
  // Before the server stops accepting: open streams would otherwise hold its close.
  app.addHook('preClose', () => activity.close());

  app.post(
    '/presence',
    {
      ...permit('presence', 'create'),
      schema: {
        tags,
        summary: "This tab has the record's page open (every 15 s while it is): answers the record's other viewers",
        description: `A tab not heard from for ${PRESENCE_WINDOW_MS / 1000} s is no longer counted. A tab's arrival is pushed to the record's event stream.`,
        body: presenceBody,
        response: { 200: presenceAnswer },
      },
    },
    async (request) => {
      const { resource, id, tab_id: tabId } = request.body;
      const { admin } = sessionOf(request);
      const rows = await db.transaction(async (tx) => {
        // Tabs that went away without a word are cleared as the page is visited.
        await tx.delete(recordViewers).where(and(eq(recordViewers.resource, resource), eq(recordViewers.recordId, id), lt(recordViewers.seenAt, windowStart)));
        const [written] = await tx
          .insert(recordViewers)
          .values({ resource, recordId: id, tabId, adminId: admin.id })
          .onConflictDoUpdate({ target: [recordViewers.resource, recordViewers.recordId, recordViewers.tabId], set: { adminId: admin.id, seenAt: sql`now()` } })
          // xmax is 0 on a row this statement inserted: a tab's first word is an arrival, the next ones are not.
          .returning({ arrived: sql<boolean>`(xmax = 0)` });
        if (written?.arrived) await notifyRecord(tx, { resource, id, kind: 'viewers' });
        return readViewers(tx, resource, id);
      });
      return { ok: true as const, viewers: othersThan(admin.id, rows) };
    },
  );

  app.delete(
    '/presence/:resource/:id/:tab_id',
    { ...permit('presence', 'delete'), schema: { tags, summary: "This tab left the record's page", params: presenceLeaveParams, response: { 200: okAnswer } } },
    async (request) => {
      const { resource, id, tab_id: tabId } = request.params;
      const { admin } = sessionOf(request);
      await db.transaction(async (tx) => {
        const left = await tx
          .delete(recordViewers)
          .where(and(eq(recordViewers.resource, resource), eq(recordViewers.recordId, id), eq(recordViewers.tabId, tabId), eq(recordViewers.adminId, admin.id)))
          .returning({ tabId: recordViewers.tabId });
        if (left.length) await notifyRecord(tx, { resource, id, kind: 'viewers' });
      });
      return done();
    },
  );

  app.get(
    '/presence/:resource/:id/events',
    {
      ...permit('presence', 'list'),
      schema: {
        tags,
        summary: "Who else has the record's page open, and its saves, as they happen, from any server (server-sent events)",
        description:
          'Answers `text/event-stream` with `Authorization: JWT …` like any call (read it with `fetch`). First and on every arrival or ' +
          'departure, `event: viewers` with `{viewers}` (the other admins); after each save of the record (an update, an ' +
          'overwrite, a balance adjustment, a comment added or deleted), `event: saved` with who saved; a `: ping` comment every 15 s. ' +
          ENDS_WITH_SESSION,
        params: presenceEventsParams,
        querystring: presenceEventsQuery,
        produces: ['text/event-stream'],
        response: { 200: presenceEventStream },
      },
    },
    async (request, reply) => {
      const { resource, id } = request.params;
      const { admin } = sessionOf(request);
      const stream = openEventStream(request);
      try {
        // Listening first, then the first list, so that no arrival in between is missed.
        const unsubscribe = await activity.subscribe(resource, id, {
          viewers: (rows) => stream.event('viewers', { viewers: othersThan(admin.id, rows) }),
          saved: (by) => stream.event('saved', by),
          end: stream.endWithHint,
        });
        stream.onEnd(unsubscribe);
        stream.event('viewers', { viewers: othersThan(admin.id, await readViewers(db, resource, id)) });
      } catch (error) {
        stream.end();
        throw error;
      }
      return stream.send(reply);
    },
  );
}
