import { asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { pageIds, searchPage } from '../lib/searchTotal';
import { ordered } from '../lib/listing';
import { csvExportRoute, date, exportSelection, text } from '../lib/csvExport';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/client';
import { companies, roomMessages, rooms, type RoomMessageRow } from '../db/schema';
import { recordAudit } from '../lib/audit';
import { notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { answer, totalFields } from '../lib/answers';
import { containsPattern } from '../lib/validation';
import { sessionOf } from '../lib/sessions';
import { idParams } from '../../shared/contract/envelope';
import {
  messageFromAdminBody,
  roomExport,
  roomMessageAnswer,
  roomPage,
  roomSearchBody,
  roomWithMessages,
  type Room,
  type RoomMessage,
  type RoomSearch,
} from '../../shared/contract/rooms';

const sellers = alias(companies, 'sellers');
const buyers = alias(companies, 'buyers');

const roomSelection = {
  room: rooms,
  sellerName: sellers.name,
  sellerLogo: sellers.logoUrl,
  buyerName: buyers.name,
  buyerLogo: buyers.logoUrl,
};

type RoomJoin = {
  room: typeof rooms.$inferSelect;
  sellerName: string | null;
  sellerLogo: string | null;
  buyerName: string | null;
  buyerLogo: string | null;
};

const toRoomDto = ({ room, sellerName, sellerLogo, buyerName, buyerLogo }: RoomJoin): Room => ({
  _id: room.id,
  offer_id: room.offerId,
  offer_title: room.offerTitle,
  offer_image: room.offerImages[0] ?? null,
  offer_images: room.offerImages,
  seller: { name: sellerName, logo_url: sellerLogo },
  buyer: { name: buyerName, logo_url: buyerLogo },
  created_at: room.createdAt.toISOString(),
});

export const toMessageDto = (row: RoomMessageRow): RoomMessage => ({
  _id: row.id,
  sender_id: row.senderId,
  sender_role: row.senderRole,
  sender_name: row.senderName,
  sender_avatar: row.senderAvatar,
  text: row.text,
  created_at: row.createdAt.toISOString(),
});

export async function findRoom(db: Database, id: string): Promise<RoomJoin> {
  const [row] = await db
    .select(roomSelection)
    .from(rooms)
    .leftJoin(sellers, eq(sellers.id, rooms.sellerId))
    .leftJoin(buyers, eq(buyers.id, rooms.buyerId))
    .where(eq(rooms.id, id))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** Message rooms: search, read with messages, and the admin's own messages. */
export async function roomRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ['Rooms'];

  /** The search's WHERE and ORDER BY (newest first), shared by the page and the export. */
  const listing = ({ search }: RoomSearch) => {
    const pattern = search ? containsPattern(search.toLowerCase()) : undefined;
    return {
      where: pattern ? or(sql`lower(${rooms.offerTitle}) LIKE ${pattern}`, ilike(rooms.sellerName, pattern), ilike(rooms.buyerName, pattern)) : undefined,
      order: (reversed = false) => ordered([rooms.createdAt, rooms.id], -1, reversed),
    };
  };

  app.post(
    '/room/search',
    { schema: { tags, summary: 'Search message rooms, newest first', body: roomSearchBody, response: { 200: roomPage } } },
    async (request) => {
      const { offset, limit } = request.body;
      const { where, order } = listing(request.body);
      // The page's ids first, then the joined names and logos of those rows only.
      const { rows, total } = await searchPage(db, rooms, where, { offset, limit, exactCountLimit: app.config.exactCountLimit }, (tx, window) => {
        const pageOrder = order(window.reversed);
        const ids = pageIds(tx, rooms, rooms.id, where, pageOrder, window);
        return tx
          .select(roomSelection)
          .from(rooms)
          .leftJoin(sellers, eq(sellers.id, rooms.sellerId))
          .leftJoin(buyers, eq(buyers.id, rooms.buyerId))
          .where(inArray(rooms.id, ids))
          .orderBy(...pageOrder);
      });
      return { ok: true as const, rooms: rows.map(toRoomDto), ...totalFields(total) };
    },
  );

  const exportColumns = [
    text('id', rooms.id),
    text('offer_id', rooms.offerId),
    text('offer_title', rooms.offerTitle),
    text('offer_image', sql`${rooms.offerImages} ->> 0`),
    text('seller_id', rooms.sellerId),
    text('seller_name', sellers.name),
    text('buyer_id', rooms.buyerId),
    text('buyer_name', buyers.name),
    date('created_at', rooms.createdAt),
  ];

  csvExportRoute(app, {
    url: '/room/export',
    tags,
    summary: 'Export every message room the search matches, as CSV',
    body: roomSearchBody,
    answer: roomExport,
    entity: 'room',
    fileName: 'rooms',
    columns: exportColumns,
    query: (body) => {
      const { where, order } = listing(body);
      return db
        .select(exportSelection(exportColumns))
        .from(rooms)
        .leftJoin(sellers, eq(sellers.id, rooms.sellerId))
        .leftJoin(buyers, eq(buyers.id, rooms.buyerId))
        .where(where)
        .orderBy(...order());
    },
  });

  app.get(
    '/room/:id',
    { schema: { tags, summary: 'Read a room with its messages, oldest first', params: idParams, response: { 200: roomWithMessages } } },
    async (request) => {
      const { id } = request.params;
      const room = await findRoom(db, id);
      const messages = await db.select().from(roomMessages).where(eq(roomMessages.roomId, id)).orderBy(asc(roomMessages.createdAt), asc(roomMessages.id));
      return { ok: true as const, room: toRoomDto(room), messages: messages.map(toMessageDto) };
    },
  );

  /** The sender is the signed-in admin, whatever name the body carries; the text is stored as text. */
  app.post(
    '/message/from-admin',
    { schema: { tags, summary: 'Write in a room as the signed-in admin', body: messageFromAdminBody, response: { 200: roomMessageAnswer } } },
    async (request) => {
      const { body } = request;
      const { admin } = sessionOf(request);
      const row = await db.transaction(async (tx) => {
        await findRoom(tx, body.room);
        const [row] = await tx
          .insert(roomMessages)
          .values({
            id: newId(),
            roomId: body.room,
            senderId: admin.id,
            senderRole: 'admin',
            senderName: body.sender_name || admin.name,
            senderAvatar: body.sender_logo ?? null,
            text: body.text,
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        await recordAudit(tx, request, {
          action: 'admin_message',
          entity: 'room',
          entityId: body.room,
          changes: { message: [null, { _id: row.id, text: row.text }] },
        });
        return row;
      });
      return answer(toMessageDto(row));
    },
  );
}
