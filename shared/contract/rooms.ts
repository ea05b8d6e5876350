import { z } from 'zod';
import { csvAnswer, dataAnswer, pageTotal } from './envelope';
import { httpUrl, idSchema, limitSchema, offsetSchema, optional, searchSchema, sortOf, timestamp } from './primitives';

/** A company on one side of a room, its id for a link to it; all null once the company is deleted. */
const roomParty = z.strictObject({ _id: idSchema.nullable(), name: z.string().nullable(), logo_url: z.string().nullable() });

export const roomRecord = z
  .strictObject({
    _id: idSchema,
    /** Null once the offer is deleted; its title and images are kept as they were. */
    offer_id: idSchema.nullable(),
    offer_title: z.string(),
    /** The first of `offer_images`, null when there is none. */
    offer_image: z.string().nullable(),
    offer_images: z.array(z.string()),
    seller: roomParty,
    buyer: roomParty,
    created_at: timestamp,
    last_message: z.string().nullable(),
    /** The time of the room's last message, or its creation when it has none: the rooms' default order. */
    last_activity_at: timestamp,
  })
  .meta({ id: 'Room' });
export type Room = z.infer<typeof roomRecord>;

export const roomMessageRecord = z
  .strictObject({
    _id: idSchema,
    /** The admin's id for an admin message; the buyer's or seller's company otherwise. */
    sender_id: idSchema,
    sender_role: z.enum(['admin', 'buyer', 'seller']),
    sender_name: z.string(),
    sender_avatar: z.string().nullable(),
    /** Plain text, never markup. */
    text: z.string(),
    created_at: timestamp,
  })
  .meta({ id: 'RoomMessage' });
export type RoomMessage = z.infer<typeof roomMessageRecord>;

export const messageTextSchema = z.string().trim().min(1, 'empty message').max(5000);

/** Without `sort`, the latest activity first. */
export const ROOM_SORT_KEYS = ['last_activity_at', 'created_at'] as const;

export const roomSearchBody = z.object({
  search: searchSchema,
  /** Only the rooms whose last message is the buyer's, active within the dashboard to-do's window. */
  awaiting_reply: z.boolean().optional(),
  offset: offsetSchema,
  limit: limitSchema,
  sort: sortOf(ROOM_SORT_KEYS),
});
export type RoomSearch = z.infer<typeof roomSearchBody>;

export const ROOM_MESSAGES_MAX = 100;
export const ROOM_MESSAGES_DEFAULT = 50;

export const roomMessagesQuery = z.object({
  before: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(ROOM_MESSAGES_MAX).default(ROOM_MESSAGES_DEFAULT),
});

/** The stream resumes after the message `after` (the last one the client holds): what it missed comes first. */
export const roomEventsQuery = z.object({ after: idSchema.optional() });

/** How many missed messages a stream resumed with `after` sends before the new ones. */
export const ROOM_EVENTS_CATCH_UP = 100;

/** The sender is always the signed-in admin: `sender_name` only changes the name shown. */
export const messageFromAdminBody = z.object({
  text: messageTextSchema,
  room: idSchema,
  sender_name: z.string().trim().max(200).optional(),
  sender_logo: optional(httpUrl),
});

/** The rooms' page is named `rooms`, not `data` as in every other search. */
export const roomPage = z.strictObject({ ok: z.literal(true), rooms: z.array(roomRecord), ...pageTotal });
export const roomExport = csvAnswer(
  'id, offer_id, offer_title, offer_image, seller_id, seller_name, buyer_id, buyer_name, created_at, last_message, last_activity_at',
);
/** A room with a page of its messages, oldest first; `has_more` when older ones remain (ask again with `before`). */
export const roomWithMessages = z.strictObject({ ok: z.literal(true), room: roomRecord, messages: z.array(roomMessageRecord), has_more: z.boolean() });

/** `text/event-stream`: each new message as `event: message`, `id:` its _id, `data:` a RoomMessage; `: ping` every 15 seconds. */
export const roomEventStream = z.string().meta({ id: 'RoomEventStream', description: 'Server-sent events: `event: message` with a RoomMessage as `data`.' });
export const roomMessageAnswer = dataAnswer(roomMessageRecord);
