import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { channelFanOut, type ChannelSubscriber } from './channelFanOut';

/** Notified of each new room message by a trigger (migration 0011): `{"room": id, "message": id}`. */
export const ROOM_ACTIVITY_CHANNEL = 'room_activity';

export interface RoomSubscriber<Message> extends ChannelSubscriber {
  /** Written by any server over this database. */
  message(message: Message): void;
}

export interface RoomActivity<Message> {
  /** Resolves once listening, so that nothing committed after it is missed; returns the unsubscribe. */
  subscribe(roomId: string, subscriber: RoomSubscriber<Message>): Promise<() => void>;
  close(): Promise<void>;
}

type RoomNotice = { room: string; message: string };

const isNotice = (value: unknown): value is RoomNotice =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { room?: unknown }).room === 'string' &&
  typeof (value as { message?: unknown }).message === 'string';

/** Notifications carry ids only: each message is read once per server, however many streams are open on its room. */
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
