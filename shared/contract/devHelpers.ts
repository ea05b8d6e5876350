import { z } from 'zod';
import { dataAnswer } from './envelope';
import { emailSchema, idSchema, timestamp } from './primitives';

export const outboxQuery = z.object({ to: emailSchema });

/** The last e-mail queued for an address. */
export const outboxMailRecord = z
  .strictObject({
    subject: z.string(),
    body: z.string(),
    created_at: timestamp,
  })
  .meta({ id: 'OutboxMail' });
export type OutboxMail = z.infer<typeof outboxMailRecord>;

/** The same rule as an admin's message in a room: trimmed, not empty, at most 5000 characters. */
const messageText = z.string().trim().min(1, 'empty message').max(5000);

/** A buyer's or seller's message, written as the marketplace app would. */
export const devRoomMessageBody = z.object({ role: z.enum(['buyer', 'seller']), text: messageText });

/** A message of a room, as the rooms' contract shows it. */
const roomMessage = z.strictObject({
  _id: idSchema,
  sender_id: z.string(),
  sender_role: z.enum(['admin', 'buyer', 'seller']),
  sender_name: z.string(),
  sender_avatar: z.string().nullable(),
  text: z.string(),
  created_at: timestamp,
});

export const outboxAnswer = dataAnswer(outboxMailRecord);
export const devRoomMessageAnswer = dataAnswer(roomMessage);
