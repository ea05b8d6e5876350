import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';
import { sensitivityOf, type Condition } from '../../shared/catalogue/policy';
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

/**
 * A fresh proof the policy asks only in one case (shared/catalogue/policy.ts), which the handler judges and calls this
 * when it holds. The route declares the case (`permit(…, {freshProofWhen})`, checked against the policy at start-up);
 * a case it did not declare is a programming error, never a silent pass.
 */
export async function requireFreshProofWhen(request: FastifyRequest, condition: Condition, db: Database = request.server.db): Promise<void> {
  const { permission, freshProofWhen } = request.routeOptions.config;
  // 'always' was checked before the body was read (server/lib/permissions.ts), e.g. a bulk delete sharing the handler.
  if (permission && sensitivityOf(permission.resource, permission.action).freshProof === 'always') return;
  if (freshProofWhen !== condition) throw new Error(`${request.method} ${request.routeOptions.url} asks a fresh proof ${condition} it does not declare`);
  await requireFreshProof(request, db);
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
