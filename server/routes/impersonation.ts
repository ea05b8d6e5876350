import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { companies, impersonationTokens, users } from '../db/schema';
import { AppError } from '../lib/errors';
import { hashToken } from '../lib/ids';
import { toUserDto } from '../lib/userDto';
import { parseInput } from '../lib/validation';

const exchangeBody = z.object({ token: z.string().min(1).max(200), user_id: z.string().max(100).optional() });

/**
 * The exchange the front-end app's connect route calls with the token of a 'Login as' link: the
 * token is used up and the user it names is answered, so that the app can open its own session.
 */
export async function impersonationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  app.post('/user/impersonation/exchange', async (request) => {
    const { token, user_id } = parseInput(exchangeBody, request.body);
    const [used] = await db
      .update(impersonationTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(impersonationTokens.tokenHash, hashToken(token)), isNull(impersonationTokens.usedAt), gt(impersonationTokens.expiresAt, new Date())))
      .returning({ userId: impersonationTokens.userId, adminId: impersonationTokens.adminId });
    if (!used || (user_id && user_id !== used.userId)) throw new AppError(400, 'INVALID_TOKEN');
    const [row] = await db
      .select({ user: users, organisationName: companies.name })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.organisationId))
      .where(eq(users.id, used.userId))
      .limit(1);
    if (!row) throw new AppError(400, 'INVALID_TOKEN');
    return { ok: true, data: { user: toUserDto(row.user, row.organisationName), impersonated_by: used.adminId } };
  });
}
