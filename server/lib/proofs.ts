import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { admins, type AdminRow } from '../db/schema';
import { AppError } from './errors';
import { adminFailureLimit, auditLockBy, type AdminCounter } from './factorThrottle';
import { takeFailureSlots } from './rateLimit';
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
 * so that a stolen session cannot guess its way on. The try takes its slot before it is judged, so parallel tries get at most
 * the allowance judged; a wrong one keeps it, runs `onFailure` (its audit) and refuses with `code`; a right one clears the count.
 * Recovery codes count on their own (`counter`), so that a locked factor leaves them usable.
 */
export async function requireProof(
  request: FastifyRequest,
  admin: AdminRow,
  proven: () => Promise<boolean>,
  code: 'INVALID_CODE' | 'WRONG_PASSWORD' | 'INVALID_PASSKEY',
  { onFailure, counter = 'factor' }: { onFailure?: (tx: Database) => Promise<void>; counter?: AdminCounter } = {},
): Promise<void> {
  const { db, config } = request.server;
  const { max, windowSeconds } = config.authRateLimit;
  const limit = adminFailureLimit(admin.id, counter, max);
  const attempt = await takeFailureSlots(db, [limit], windowSeconds);
  if (await attempt.judge(db, proven)) return attempt.giveBack(db, [limit.key]);
  await db.transaction(async (tx) => {
    await onFailure?.(tx);
    await auditLockBy(tx, request, attempt, limit, admin, counter, true);
  });
  throw new AppError(400, code);
}
