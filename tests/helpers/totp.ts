import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { admins } from '../../server/db/schema';

/**
 * A current code of `secret` that the server takes: a code is good once (server/lib/secondFactor.ts), so the step it
 * last accepted for that key is forgotten first, as waiting for the next 30-second step would.
 */
export async function freshTotpCode(app: FastifyInstance, secret: string): Promise<string> {
  await app.db.update(admins).set({ totpLastStep: null }).where(eq(admins.totpSecret, secret));
  return generate({ secret });
}
