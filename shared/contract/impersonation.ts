import { z } from 'zod';
import { dataAnswer } from './envelope';
import { idSchema } from './primitives';
import { userRecord } from './users';

/** The token of a 'Login as' link, and optionally the user the app expects it to name. */
export const impersonationExchangeBody = z.object({ token: z.string().min(1).max(200), user_id: z.string().max(100).optional() });

export const impersonationExchangeRecord = z
  .strictObject({
    user: userRecord,
    impersonated_by: idSchema,
  })
  .meta({ id: 'ImpersonationExchange' });

export const impersonationExchangeAnswer = dataAnswer(impersonationExchangeRecord);
