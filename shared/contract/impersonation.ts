import { z } from 'zod';
import { dataAnswer } from './envelope';
import { idSchema, timestamp } from './primitives';

/** The token of a 'Login as' link, and optionally the user the app expects it to name. */
export const impersonationExchangeBody = z.object({ token: z.string().min(1).max(200), user_id: z.string().max(100).optional() });

/**
 * The user the token named, as the users' contract shows a user (server/lib/userDto.ts builds it;
 * the route's declared answer makes the compiler hold the two to the same shape).
 */
const impersonatedUser = z.strictObject({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  organisation_id: idSchema.nullable(),
  organisation_name: z.string().nullable(),
  invited: z.boolean(),
  last_login_at: timestamp.nullable(),
  created_at: timestamp,
});

export const impersonationRecord = z
  .strictObject({
    user: impersonatedUser,
    /** The admin who made the link. */
    impersonated_by: idSchema,
  })
  .meta({ id: 'Impersonation' });
export type Impersonation = z.infer<typeof impersonationRecord>;

export const impersonationAnswer = dataAnswer(impersonationRecord);
