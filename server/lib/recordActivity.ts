import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client';
import type { RecordSaved } from '../../shared/contract/presence';
import { channelFanOut, type ChannelSubscriber } from './channelFanOut';

/** The channel the servers notify each other on when a record's viewers change or the record is saved. */
export const RECORD_ACTIVITY_CHANNEL = 'record_activity';

/** What one notification says: ids and, for a save, who saved (a name is short: the payload stays far below 8 000 bytes). */
export type RecordNotice = { resource: string; id: string } & ({ kind: 'viewers' } | ({ kind: 'saved' } & RecordSaved));

/** An admin who has the record's page open (once per tab), as the stream needs it to leave out the subscriber. */
export interface ViewerRow {
  adminId: string;
  name: string;
}

export interface RecordSubscriber extends ChannelSubscriber {
  /** Every tab that has the record open now (the subscriber's own among them), by its admin. */
  viewers(rows: ViewerRow[]): void;
  saved(by: RecordSaved): void;
}

/** Sends the notice when the caller's transaction commits (NOTIFY waits for it), to every server over the database. */
export async function notifyRecord(db: Database, notice: RecordNotice): Promise<void> {
  await db.execute(sql`select pg_notify(${RECORD_ACTIVITY_CHANNEL}, ${JSON.stringify(notice)})`);
}

const isNotice = (value: unknown): value is RecordNotice => {
  const notice = value as Partial<RecordNotice> | null | undefined;
  return typeof notice?.resource === 'string' && typeof notice.id === 'string' && (notice.kind === 'viewers' || notice.kind === 'saved');
};

const keyOf = (resource: string, id: string) => `${resource}/${id}`;

/**
 * The record pages' feed over channelFanOut (as roomActivity for rooms): a change of viewers is read once per server,
 * whatever the number of streams open on the record; a save is passed on as it came.
 */
export function recordActivity(listen: DatabaseHandle['listen'], readViewers: (resource: string, id: string) => Promise<ViewerRow[]>, log: FastifyBaseLogger) {
  const fanOut = channelFanOut<RecordNotice, RecordSubscriber>({
    channel: RECORD_ACTIVITY_CHANNEL,
    name: 'record activity',
    listen,
    log,
    isNotice,
    keyOf: (notice) => keyOf(notice.resource, notice.id),
    deliver: async (notice, subscribers) => {
      if (notice.kind === 'saved') {
        for (const subscriber of subscribers()) subscriber.saved({ admin_id: notice.admin_id, name: notice.name });
        return;
      }
      const rows = await readViewers(notice.resource, notice.id);
      for (const subscriber of subscribers()) subscriber.viewers(rows);
    },
    deliveryFailed: 'reading the viewers failed',
  });
  return {
    /** Resolves once the server listens, so that nothing committed after it is missed; answers the unsubscribe. */
    subscribe: (resource: string, id: string, subscriber: RecordSubscriber) => fanOut.subscribe(keyOf(resource, id), subscriber),
    /** Ends every subscriber, then releases the listening connection. */
    close: () => fanOut.close(),
  };
}
