import { permit } from '../lib/permissions';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outbox, roomMessages, sessions } from '../db/schema';
import { recordAudit } from '../lib/audit';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import { sessionOf } from '../lib/sessions';
import { answer } from '../lib/answers';
import { findRoom, toMessageDto } from './rooms';
import { idParams } from '../../shared/contract/envelope';
import { devRoomMessageAnswer, devRoomMessageBody, devStaleProofAnswer, devStaleProofBody, outboxAnswer, outboxQuery } from '../../shared/contract/devHelpers';

/**
 * DEV_ROUTES=true only (refused in production; an admin session is still required): stand-ins for what lies outside this
 * repository, for end-to-end flows: the marketplace app (a buyer or seller writing in a room), a mailbox, and the clock
 * (a session whose last proof is older than STEP_UP_MINUTES, without waiting that long).
 */
export async function devHelperRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Development'];
  app.get(
    '/dev/outbox',
    {
      // Everyone's mail, reset links included: an owner's (without the step-up of creating an admin, which tests age).
      ...permit('admin', 'update'),
      schema: {
        tags,
        summary: 'The last e-mail queued for an address, once the work under way is done (development only)',
        querystring: outboxQuery,
        response: { 200: outboxAnswer },
      },
    },
    async (request) => {
      const { to } = request.query;
      // A recovery mail is queued just after its answer (plugins/backgroundWork.ts): let what is under way finish first.
      await app.background.idle();
      // `to` comes lower-cased (emailSchema); a mail keeps its address as the record had it (`Jane.Doe@…`).
      const [mail] = await app.db
        .select()
        .from(outbox)
        .where(eq(sql`lower(${outbox.recipient})`, to))
        .orderBy(desc(outbox.createdAt))
        .limit(1);
      if (!mail) throw new AppError(404, 'NOT_FOUND');
      return answer({ subject: mail.subject, body: mail.body, created_at: mail.createdAt.toISOString() });
    },
  );

  app.post(
    '/dev/room/:id/message',
    {
      ...permit('message', 'create'),
      schema: {
        tags,
        summary: 'Write in a room as its buyer or seller, as the marketplace app would (development only)',
        params: idParams,
        body: devRoomMessageBody,
        response: { 200: devRoomMessageAnswer },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { role, text } = request.body;
      const row = await app.db.transaction(async (tx) => {
        const { room, buyerName, sellerName } = await findRoom(tx, id);
        const companyId = role === 'buyer' ? room.buyerId : room.sellerId;
        if (!companyId) throw new AppError(400, 'VALIDATION_ERROR');
        const [row] = await tx
          .insert(roomMessages)
          .values({ id: newId(), roomId: id, senderId: companyId, senderRole: role, senderName: (role === 'buyer' ? buyerName : sellerName) ?? role, text })
          .returning();
        if (!row) throw new Error('insert returned no row');
        await recordAudit(tx, request, {
          action: 'create',
          entity: 'room',
          entityId: id,
          changes: { message: [null, { _id: row.id, sender_role: role, text }] },
        });
        return row;
      });
      return answer(toMessageDto(row));
    },
  );

  app.post(
    '/dev/session/stale_proof',
    {
      // Only ever narrows what the calling session may do: its own session, any signed-in admin.
      ...permit('account', 'update'),
      schema: {
        tags,
        summary: 'Age the calling session’s last proof past STEP_UP_MINUTES, so that its next dangerous call asks for fresh proof (development only)',
        body: devStaleProofBody,
        response: { 200: devStaleProofAnswer },
      },
    },
    async (request) => {
      const { admin, tokenHash } = sessionOf(request);
      const session = eq(sessions.tokenHash, tokenHash);
      const authenticatedAt = await app.db.transaction(async (tx) => {
        const [before] = await tx.select({ at: sessions.authenticatedAt }).from(sessions).where(session);
        const [row] = await tx
          .update(sessions)
          .set({ authenticatedAt: sql`now() - make_interval(mins => ${app.config.stepUpMinutes + 1})` })
          .where(session)
          .returning({ at: sessions.authenticatedAt });
        if (!before || !row) throw new AppError(401, 'UNAUTHORIZED');
        await recordAudit(tx, request, {
          action: 'update',
          entity: 'session',
          entityId: admin.id,
          changes: { authenticated_at: [before.at.toISOString(), row.at.toISOString()] },
        });
        return row.at;
      });
      return answer({ authenticated_at: authenticatedAt.toISOString() });
    },
  );
}
