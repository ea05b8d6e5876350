import { and, eq, exists, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companies, impersonationTokens, users } from '../db/schema';
import { recordAudit } from '../lib/audit';
import { AppError } from '../lib/errors';
import { hashToken } from '../lib/ids';
import { toUserDto } from '../lib/userDto';
import { answer } from '../lib/answers';
import { impersonationExchangeAnswer, impersonationExchangeBody } from '../../shared/contract/impersonation';

/**
 * The marketplace app trades a 'Login as' token for the user it names, to open its own session. A refused exchange
 * (another user_id, a deleted user) uses nothing up: the checks are in the statement that marks the token used.
 */
export async function impersonationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ['Impersonation'];
  app.post(
    '/user/impersonation/exchange',
    {
      schema: {
        tags,
        summary: 'Use up a “Login as” token and answer the user it names (called by the front-end app)',
        body: impersonationExchangeBody,
        response: { 200: impersonationExchangeAnswer },
      },
    },
    async (request) => {
      const { token, user_id } = request.body;
      const { used, row } = await db.transaction(async (tx) => {
        const [used] = await tx
          .update(impersonationTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(impersonationTokens.tokenHash, hashToken(token)),
              isNull(impersonationTokens.usedAt),
              gt(impersonationTokens.expiresAt, new Date()),
              user_id ? eq(impersonationTokens.userId, user_id) : undefined,
              // A token that outlived its user (no foreign key) is refused, not used up.
              exists(tx.select({ id: users.id }).from(users).where(eq(users.id, impersonationTokens.userId))),
            ),
          )
          .returning({ userId: impersonationTokens.userId, adminId: impersonationTokens.adminId, adminName: impersonationTokens.adminName });
        if (!used) throw new AppError(400, 'INVALID_TOKEN');
        const [row] = await tx
          .select({ user: users, organisationName: companies.name })
          .from(users)
          .leftJoin(companies, eq(companies.id, users.organisationId))
          .where(eq(users.id, used.userId))
          .limit(1);
        if (!row) throw new AppError(400, 'INVALID_TOKEN');
        // The app's side of 'Login as': the admin who minted the token is the actor.
        await recordAudit(tx, request, {
          action: 'impersonation',
          entity: 'user',
          entityId: used.userId,
          changes: { exchanged: [false, true] },
          actor: { id: used.adminId, name: used.adminName ?? '' },
        });
        return { used, row };
      });
      return answer({ user: toUserDto(row.user, row.organisationName), impersonated_by: used.adminId });
    },
  );
}
