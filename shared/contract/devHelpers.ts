import { z } from 'zod';
import { dataAnswer } from './envelope';
import { emailSchema, timestamp } from './primitives';
import { messageTextSchema, roomMessageRecord } from './rooms';

export const outboxQuery = z.object({ to: emailSchema });

export const outboxMailRecord = z
  .strictObject({
    subject: z.string(),
    body: z.string(),
    created_at: timestamp,
  })
  .meta({ id: 'OutboxMail' });

/** A buyer's or seller's message, written as the marketplace app would, under the rule of an admin's message. */
export const devRoomMessageBody = z.object({ role: z.enum(['buyer', 'seller']), text: messageTextSchema });

export const outboxAnswer = dataAnswer(outboxMailRecord);
export const devRoomMessageAnswer = dataAnswer(roomMessageRecord);

/** Nothing to say: an object all the same, so that a body of another shape is refused before anything changes. */
export const devStaleProofBody = z.strictObject({});
/** The calling session's last proof, set past STEP_UP_MINUTES: its next dangerous call asks for fresh proof. */
export const devStaleProofAnswer = dataAnswer(z.strictObject({ authenticated_at: timestamp }));
