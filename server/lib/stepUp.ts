import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';
import { AppError } from './errors';
import { sessionOf } from './sessions';

/**
 * Refuses a dangerous call unless the session's last proof of identity is within STEP_UP_MINUTES. Compared by the
 * database's clock, which also wrote it. Pass the transaction when called inside one (PGlite has one connection).
 */
export async function requireFreshProof(request: FastifyRequest, db: Database = request.server.db): Promise<void> {
  const [fresh] = await db
    .select({ at: sessions.authenticatedAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, sessionOf(request).tokenHash),
        gt(sessions.authenticatedAt, sql`now() - make_interval(mins => ${request.server.config.stepUpMinutes})`),
      ),
    )
    .limit(1);
  if (!fresh) throw new AppError(401, 'REAUTH_REQUIRED');
}

/** The session has just been proven again: its dangerous calls are open for another STEP_UP_MINUTES. */
export async function refreshProof(tx: Database, request: FastifyRequest): Promise<Date> {
  const [row] = await tx
    .update(sessions)
    .set({ authenticatedAt: sql`now()` })
    .where(eq(sessions.tokenHash, sessionOf(request).tokenHash))
    .returning({ at: sessions.authenticatedAt });
  if (!row) throw new AppError(401, 'UNAUTHORIZED');
  return row.at;
}
