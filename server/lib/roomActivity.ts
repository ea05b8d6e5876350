import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { channelFanOut, type ChannelSubscriber } from './channelFanOut';

/** The channel the database notifies of each new room message on (migration 0011): `{"room": id, "message": id}`. */
export const ROOM_ACTIVITY_CHANNEL = 'room_activity';

export interface RoomSubscriber<Message> extends ChannelSubscriber {
  /** A message written in the room, by any server over this database. */
  message(message: Message): void;
}

export interface RoomActivity<Message> {
  /** Resolves once the server listens, so that nothing committed after it is missed; answers the unsubscribe. */
  subscribe(roomId: string, subscriber: RoomSubscriber<Message>): Promise<() => void>;
  /** Ends every subscriber, then releases the listening connection. */
  close(): Promise<void>;
}

/** A notification's payload: the ids of the room and of the message written in it. */
type RoomNotice = { room: string; message: string };

const isNotice = (value: unknown): value is RoomNotice =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { room?: unknown }).room === 'string' &&
  typeof (value as { message?: unknown }).message === 'string';

/**
 * The rooms' feed over channelFanOut. A notification carries ids only: the message is read once per server (`read`;
 * undefined when it is gone), in the order the notifications came, whatever the number of streams open on its room.
 */
export function roomActivity<Message>(
  listen: DatabaseHandle['listen'],
  read: (roomId: string, messageId: string) => Promise<Message | undefined>,
  log: FastifyBaseLogger,
): RoomActivity<Message> {
  return channelFanOut<RoomNotice, RoomSubscriber<Message>>({
    channel: ROOM_ACTIVITY_CHANNEL,
    name: 'room activity',
    listen,
    log,
    isNotice,
    keyOf: (notice) => notice.room,
    deliver: async (notice, subscribers) => {
      const message = await read(notice.room, notice.message);
      if (message === undefined) return;
      for (const subscriber of subscribers()) subscriber.message(message);
    },
    deliveryFailed: 'reading a new message failed',
  });
}
