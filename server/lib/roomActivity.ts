import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, StopListening } from '../db/client';

/** The channel the database notifies of each new room message on (migration 0011): `{"room": id, "message": id}`. */
export const ROOM_ACTIVITY_CHANNEL = 'room_activity';

export interface RoomSubscriber<Message> {
  /** A message written in the room, by any server over this database. */
  message(message: Message): void;
  /** The feed stopped (the server closes, or the listening connection was lost): end the stream. */
  end(): void;
}

export interface RoomActivity<Message> {
  /** Resolves once the server listens, so that nothing committed after it is missed; answers the unsubscribe. */
  subscribe(roomId: string, subscriber: RoomSubscriber<Message>): Promise<() => void>;
  /** Ends every subscriber, then releases the listening connection. */
  close(): Promise<void>;
}

const isNotification = (value: unknown): value is { room: string; message: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { room?: unknown }).room === 'string' &&
  typeof (value as { message?: unknown }).message === 'string';

const parsed = (payload: string): unknown => {
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
};

/**
 * One LISTEN per server process, started by the first subscriber, fanned out in memory to the
 * subscribers of each room. A notification carries ids only: the message is read once per server
 * (`read`; undefined when it is gone), in the order the notifications came, whatever the number of
 * streams open on its room. A lost connection ends every subscriber: their clients reconnect, and the
 * next subscription listens again.
 */
export function roomActivity<Message>(
  listen: DatabaseHandle['listen'],
  read: (roomId: string, messageId: string) => Promise<Message | undefined>,
  log: FastifyBaseLogger,
): RoomActivity<Message> {
  const byRoom = new Map<string, Set<RoomSubscriber<Message>>>();
  let listening: Promise<StopListening> | undefined;
  let deliveries = Promise.resolve();
  let closed = false;

  const endAll = () => {
    const subscribers = [...byRoom.values()].flatMap((set) => [...set]);
    byRoom.clear();
    for (const subscriber of subscribers) subscriber.end();
  };

  const deliver = async (roomId: string, messageId: string) => {
    if (!byRoom.get(roomId)?.size) return;
    const message = await read(roomId, messageId);
    if (message === undefined) return;
    for (const subscriber of byRoom.get(roomId) ?? []) subscriber.message(message);
  };

  const onPayload = (payload: string) => {
    const notification = parsed(payload);
    if (!isNotification(notification)) {
      log.warn({ payload }, 'room activity: unreadable notification');
      return;
    }
    deliveries = deliveries
      .then(() => deliver(notification.room, notification.message))
      .catch((error: unknown) => log.error({ err: error }, 'room activity: reading a new message failed'));
  };

  const onLost = (error: Error) => {
    log.warn({ err: error }, 'room activity: listening connection lost');
    listening = undefined;
    endAll();
  };

  const start = (): Promise<StopListening> => {
    listening ??= listen(ROOM_ACTIVITY_CHANNEL, onPayload, onLost).catch((error: unknown) => {
      listening = undefined;
      throw error;
    });
    return listening;
  };

  return {
    async subscribe(roomId, subscriber) {
      if (!closed) await start();
      if (closed) throw new Error('room activity is closed');
      const subscribers = byRoom.get(roomId) ?? new Set();
      byRoom.set(roomId, subscribers.add(subscriber));
      return () => {
        subscribers.delete(subscriber);
        if (!subscribers.size && byRoom.get(roomId) === subscribers) byRoom.delete(roomId);
      };
    },
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
