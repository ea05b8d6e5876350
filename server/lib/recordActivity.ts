import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client';
import type { RecordSaved } from '../../shared/contract/presence';
import { channelFanOut, type ChannelSubscriber } from './channelFanOut';

/** Notified when a record's viewers change or the record is saved. */
export const RECORD_ACTIVITY_CHANNEL = 'record_activity';

/** Ids and, for a save, who saved: the payload stays far below NOTIFY's 8 000 bytes. */
export type RecordNotice = { resource: string; id: string } & ({ kind: 'viewers' } | ({ kind: 'saved' } & RecordSaved));

/** Once per tab; the stream needs the admin id to leave out the subscriber. */
export interface ViewerRow {
  adminId: string;
  name: string;
}

export interface RecordSubscriber extends ChannelSubscriber {
  /** Every tab that has the record open now (the subscriber's own among them). */
  viewers(rows: ViewerRow[]): void;
  saved(by: RecordSaved): void;
}

/** Sent when the caller's transaction commits (NOTIFY waits for it), to every server over the database. */
export async function notifyRecord(db: Database, notice: RecordNotice): Promise<void> {
  await db.execute(sql`select pg_notify(${RECORD_ACTIVITY_CHANNEL}, ${JSON.stringify(notice)})`);
}

const isNotice = (value: unknown): value is RecordNotice => {
  const notice = value as Partial<RecordNotice> | null | undefined;
  return typeof notice?.resource === 'string' && typeof notice.id === 'string' && (notice.kind === 'viewers' || notice.kind === 'saved');
};

const keyOf = (resource: string, id: string) => `${resource}/${id}`;

/** A change of viewers is read once per server, however many streams are open on the record (as roomActivity for rooms). */
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
    subscribe: (resource: string, id: string, subscriber: RecordSubscriber) => fanOut.subscribe(keyOf(resource, id), subscriber),
    close: () => fanOut.close(),
  };
}
