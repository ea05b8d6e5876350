import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { admins, type AdminRow } from '../db/schema';
import { AppError } from './errors';
import { assertFailuresUnderLimit, clearFailures, recordFailures } from './rateLimit';
import { sessionOf } from './sessions';

/** The signed-in admin read afresh, not from the session cache: for the routes that check or change its factors. */
export async function currentAdmin(request: FastifyRequest): Promise<AdminRow> {
  const [admin] = await request.server.db
    .select()
    .from(admins)
    .where(eq(admins.id, sessionOf(request).admin.id));
  if (!admin) throw new AppError(401, 'UNAUTHORIZED');
  return admin;
}

/**
 * A signed-in admin's password, code or passkey (second factor, re-authentication): refused once over the allowance, per admin,
 * so that a stolen session cannot guess its way on. A wrong one counts, runs `onFailure` (its audit) and refuses with `code`.
 */
export async function requireProof(
  request: FastifyRequest,
  admin: AdminRow,
  proven: () => Promise<boolean>,
  code: 'INVALID_CODE' | 'WRONG_PASSWORD' | 'INVALID_PASSKEY',
  onFailure?: (tx: Database) => Promise<void>,
): Promise<void> {
  const { db, config } = request.server;
  const { max, windowSeconds } = config.authRateLimit;
  const key = `mfa-failures:${admin.id}`;
  await assertFailuresUnderLimit(db, [{ key, max }], windowSeconds);
  if (await proven()) return clearFailures(db, [key]);
  await db.transaction(async (tx) => {
    await recordFailures(tx, [key], windowSeconds);
    await onFailure?.(tx);
  });
  throw new AppError(400, code);
}
