import { permit } from '../lib/permissions';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outbox, roomMessages } from '../db/schema';
import { recordAudit } from '../lib/audit';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import { answer } from '../lib/answers';
import { findRoom, toMessageDto } from './rooms';
import { idParams } from '../../shared/contract/envelope';
import { devRoomMessageAnswer, devRoomMessageBody, outboxAnswer, outboxQuery } from '../../shared/contract/devHelpers';

/**
 * DEV_ROUTES=true only (refused in production; an admin session is still required): stand-ins for what lies outside this
 * repository, for end-to-end flows: the marketplace app (a buyer or seller writing in a room) and a mailbox.
 */
export async function devHelperRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Development'];
  app.get(
    '/dev/outbox',
    {
      // Everyone's mail, reset links included: an owner's.
      ...permit('admin', 'create'),
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
}
