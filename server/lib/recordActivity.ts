import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle, StopListening } from '../db/client';
import type { RecordSaved } from '../../shared/contract/presence';

/** The channel the servers notify each other on when a record's viewers change or the record is saved. */
export const RECORD_ACTIVITY_CHANNEL = 'record_activity';

/** What one notification says: ids and, for a save, who saved (a name is short: the payload stays far below 8 000 bytes). */
export type RecordNotice = { resource: string; id: string } & ({ kind: 'viewers' } | ({ kind: 'saved' } & RecordSaved));

/** A tab that has the record's page open, as the stream needs it to leave out the subscriber's own tab. */
export interface ViewerRow {
  tabId: string;
  adminId: string;
  name: string;
}

export interface RecordSubscriber {
  /** Every tab that has the record open now (the subscriber's own among them). */
  viewers(rows: ViewerRow[]): void;
  saved(by: RecordSaved): void;
  /** The feed stopped (the server closes, or the listening connection was lost): end the stream. */
  end(): void;
}

/** Sends the notice when the caller's transaction commits (NOTIFY waits for it), to every server over the database. */
export async function notifyRecord(db: Database, notice: RecordNotice): Promise<void> {
  await db.execute(sql`select pg_notify(${RECORD_ACTIVITY_CHANNEL}, ${JSON.stringify(notice)})`);
}

const parsed = (payload: string): RecordNotice | undefined => {
  try {
    const value: unknown = JSON.parse(payload);
    const notice = value as Partial<RecordNotice> | null;
    const known = typeof notice?.resource === 'string' && typeof notice.id === 'string' && (notice.kind === 'viewers' || notice.kind === 'saved');
    return known ? (value as RecordNotice) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * One LISTEN per server process, started by the first subscriber, fanned out in memory to the subscribers of each
 * record (as roomActivity does for rooms). A change of viewers is read once per server, whatever the number of
 * streams open on the record; a save is passed on as it came. A lost connection ends every subscriber: their
 * clients reconnect, and the next subscription listens again.
 */
export function recordActivity(listen: DatabaseHandle['listen'], readViewers: (resource: string, id: string) => Promise<ViewerRow[]>, log: FastifyBaseLogger) {
  const byRecord = new Map<string, Set<RecordSubscriber>>();
  const keyOf = (resource: string, id: string) => `${resource}/${id}`;
  let listening: Promise<StopListening> | undefined;
  let deliveries = Promise.resolve();
  let closed = false;

  const endAll = () => {
    const subscribers = [...byRecord.values()].flatMap((set) => [...set]);
    byRecord.clear();
    for (const subscriber of subscribers) subscriber.end();
  };

  const deliver = async (notice: RecordNotice) => {
    const subscribers = () => [...(byRecord.get(keyOf(notice.resource, notice.id)) ?? [])];
    if (!subscribers().length) return;
    if (notice.kind === 'saved') {
      for (const subscriber of subscribers()) subscriber.saved({ admin_id: notice.admin_id, name: notice.name });
      return;
    }
    const rows = await readViewers(notice.resource, notice.id);
    for (const subscriber of subscribers()) subscriber.viewers(rows);
  };

  const onPayload = (payload: string) => {
    const notice = parsed(payload);
    if (!notice) {
      log.warn('record activity: unreadable notification');
      return;
    }
    deliveries = deliveries.then(() => deliver(notice)).catch((error: unknown) => log.error({ err: error }, 'record activity: reading the viewers failed'));
  };

  const onLost = (error: Error) => {
    log.warn({ err: error }, 'record activity: listening connection lost');
    listening = undefined;
    endAll();
  };

  const start = (): Promise<StopListening> => {
    listening ??= listen(RECORD_ACTIVITY_CHANNEL, onPayload, onLost).catch((error: unknown) => {
      listening = undefined;
      throw error;
    });
    return listening;
  };

  return {
    /** Resolves once the server listens, so that nothing committed after it is missed; answers the unsubscribe. */
    async subscribe(resource: string, id: string, subscriber: RecordSubscriber): Promise<() => void> {
      if (!closed) await start();
      if (closed) throw new Error('record activity is closed');
      const key = keyOf(resource, id);
      const subscribers = byRecord.get(key) ?? new Set();
      byRecord.set(key, subscribers.add(subscriber));
      return () => {
        subscribers.delete(subscriber);
        if (!subscribers.size && byRecord.get(key) === subscribers) byRecord.delete(key);
      };
    },
    /** Ends every subscriber, then releases the listening connection. */
    async close() {
      closed = true;
      endAll();
      const stop = await listening?.catch(() => undefined);
      listening = undefined;
      await stop?.();
      await deliveries;
    },
  };
}
