import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { roomMessages } from '../db/schema';
import { AppError } from '../lib/errors';
import { idSchema, newId } from '../lib/ids';
import { parseInput } from '../lib/validation';
import { findRoom, messageTextSchema, toMessageDto } from './rooms';

const params = z.object({ id: idSchema });
const body = z.object({ role: z.enum(['buyer', 'seller']), text: messageTextSchema });

/**
 * Development only (DEV_ROUTES=true, refused in production): writes a message as the room's buyer
 * or seller, as the marketplace app would. The marketplace app is not part of this repository;
 * this stands in for it so that the console's live chat can be shown and tested end to end.
 */
export async function devParticipantRoutes(app: FastifyInstance): Promise<void> {
  app.post('/dev/room/:id/message', async (request) => {
    const { id } = parseInput(params, request.params);
    const { role, text } = parseInput(body, request.body);
    const { room, buyerName, sellerName } = await findRoom(app.db, id);
    const companyId = role === 'buyer' ? room.buyerId : room.sellerId;
    if (!companyId) throw new AppError(400, 'VALIDATION_ERROR');
    const [row] = await app.db
      .insert(roomMessages)
      .values({ id: newId(), roomId: id, senderId: companyId, senderRole: role, senderName: (role === 'buyer' ? buyerName : sellerName) ?? role, text })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return { ok: true, data: toMessageDto(row) };
  });
}
