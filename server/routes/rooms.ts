import { permit } from '../lib/permissions';
import { and, asc, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { inline, pageIds, searchPage, type Bind } from '../lib/searchTotal';
import { sortOrder } from '../lib/listing';
import { csvExportRoute, date, exportSelection, text } from '../lib/csvExport';
import { roomActivity } from '../lib/roomActivity';
import { openEventStream } from '../lib/eventStream';
import { alias } from 'drizzle-orm/pg-core';
import { awaitingReply } from '../lib/dashboardTodo';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/client';
import { companies, roomMessages, rooms, type RoomMessageRow } from '../db/schema';
import { folded } from '../entities/entity';
import { recordAudit } from '../lib/audit';
import { notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { answer, totalFields } from '../lib/answers';
import { containsPattern } from '../lib/validation';
import { sessionOf } from '../lib/sessions';
import { idParams } from '../../shared/contract/envelope';
import { ENDS_WITH_SESSION, RECONNECT_AFTER_MS, RECONNECT_EVENT } from '../../shared/catalogue/eventStreams';
import {
  messageFromAdminBody,
  roomExport,
  ROOM_EVENTS_CATCH_UP,
  ROOM_SORT_KEYS,
  roomEventsQuery,
  roomEventStream,
  roomMessageAnswer,
  roomMessagesQuery,
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
  seller: { _id: room.sellerId, name: sellerName, logo_url: sellerLogo },
  buyer: { _id: room.buyerId, name: buyerName, logo_url: buyerLogo },
  created_at: room.createdAt.toISOString(),
  last_message: room.lastMessage,
  last_activity_at: room.lastActivityAt.toISOString(),
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

/** Undefined when it is not (or no longer) there. */
async function findMessage(db: Database, roomId: string, messageId: string): Promise<RoomMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(roomMessages)
    .where(and(eq(roomMessages.id, messageId), eq(roomMessages.roomId, roomId)))
    .limit(1);
  return row;
}

/** Compared with the stored row itself: its time has microseconds that a JavaScript Date would drop. */
const beside = (message: RoomMessageRow, older: boolean): SQL => {
  const stored = sql`(select ${roomMessages.createdAt}, ${roomMessages.id} from ${roomMessages} where ${roomMessages.id} = ${message.id})`;
  return older ? sql`(${roomMessages.createdAt}, ${roomMessages.id}) < ${stored}` : sql`(${roomMessages.createdAt}, ${roomMessages.id}) > ${stored}`;
};

export async function roomRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ['Rooms'];
  const sortColumns = { last_activity_at: rooms.lastActivityAt, created_at: rooms.createdAt } satisfies Record<(typeof ROOM_SORT_KEYS)[number], unknown>;
  const activity = roomActivity(
    app.listenToDatabase,
    async (roomId, messageId) => {
      const row = await findMessage(db, roomId, messageId);
      return row && toMessageDto(row);
    },
    app.log,
  );
  // Before the server stops accepting: open streams would otherwise hold its close.
  app.addHook('preClose', () => activity.close());

  /** Newest first; shared by the page and the export. */
  const listing = ({ search, sort, awaiting_reply }: RoomSearch, bind: Bind = inline) => {
    const pattern = search ? bind('search', containsPattern(search)) : undefined;
    return {
      // The stored folded offer title and both parties' names, under one trigram index.
      where: and(pattern ? like(rooms.searchText, folded(pattern)) : undefined, awaiting_reply ? awaitingReply(rooms.id, rooms.lastActivityAt) : undefined),
      order: sortOrder(sort, sortColumns, { field: 'last_activity_at', direction: -1 }, rooms.id),
    };
  };

  app.post(
    '/room/search',
    {
      ...permit('message', 'list'),
      schema: {
        tags,
        summary: 'Search message rooms, latest activity first unless `sort` names last_activity_at or created_at',
        body: roomSearchBody,
        response: { 200: roomPage },
      },
    },
    async (request) => {
      const { body } = request;
      const { order } = listing(body);
      const criteria = { where: (bind: Bind) => listing(body, bind).where, shape: JSON.stringify([body.sort ?? null, body.awaiting_reply === true]) };
      // The page's ids first, then the joined names and logos of those rows only.
      const page = { offset: body.offset, limit: body.limit, exactCountLimit: app.config.exactCountLimit };
      const { rows, total } = await searchPage(db, rooms, criteria, page, (tx, window, total, where) => {
        const pageOrder = order(window.reversed);
        const ids = pageIds(tx, rooms, rooms.id, where, pageOrder, window);
        return tx
          .select({ ...roomSelection, searchTotal: total })
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
    text('last_message', rooms.lastMessage),
    date('last_activity_at', rooms.lastActivityAt),
  ];

  csvExportRoute(app, {
    url: '/room/export',
    resource: 'message',
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
    {
      ...permit('message', 'read'),
      schema: {
        tags,
        summary: 'Read a room with its latest messages, or those before the message `before`, oldest first',
        params: idParams,
        querystring: roomMessagesQuery,
        response: { 200: roomWithMessages },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { before, limit } = request.query;
      const room = await findRoom(db, id);
      const cursor = before ? await findMessage(db, id, before) : undefined;
      if (before && !cursor) throw notFound();
      // The page is read newest first (one more than asked, to know whether older ones remain), then turned round.
      const newestFirst = await db
        .select()
        .from(roomMessages)
        .where(and(eq(roomMessages.roomId, id), cursor ? beside(cursor, true) : undefined))
        .orderBy(desc(roomMessages.createdAt), desc(roomMessages.id))
        .limit(limit + 1);
      const messages = newestFirst.slice(0, limit).reverse();
      return { ok: true as const, room: toRoomDto(room), messages: messages.map(toMessageDto), has_more: newestFirst.length > limit };
    },
  );

  app.get(
    '/room/:id/events',
    {
      ...permit('message', 'read'),
      schema: {
        tags,
        summary: "The room's new messages as they are written, from any server (server-sent events)",
        description:
          'Answers `text/event-stream` with `Authorization: JWT …` like any call (read it with `fetch`). Each new message comes as ' +
          '`event: message`, `id: <_id>`, `data: <RoomMessage>`; a `: ping` comment every 15 s. With `after` (the last message held), ' +
          `the messages written since (${ROOM_EVENTS_CATCH_UP} at most) come first. An unknown room is refused before the stream starts. ` +
          `A stream the server ends (it is stopping) ends with \`event: ${RECONNECT_EVENT}\` and \`retry: ${RECONNECT_AFTER_MS}\`: reconnect then, with \`after\`. ` +
          ENDS_WITH_SESSION,
        params: idParams,
        querystring: roomEventsQuery,
        produces: ['text/event-stream'],
        response: { 200: roomEventStream },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { after } = request.query;
      await findRoom(db, id);
      const stream = openEventStream(request);
      // Listening first, then the catch-up, so that nothing written in between is missed; each message is sent once.
      const sent = new Set<string>();
      let writes = Promise.resolve();
      const write = (message: RoomMessage) => {
        if (sent.has(message._id)) return;
        sent.add(message._id);
        stream.event('message', message, message._id);
      };
      try {
        const unsubscribe = await activity.subscribe(id, { message: (message) => void writes.then(() => write(message)), end: stream.endWithHint });
        stream.onEnd(unsubscribe);
        const cursor = after ? await findMessage(db, id, after) : undefined;
        if (cursor) {
          writes = db
            .select()
            .from(roomMessages)
            .where(and(eq(roomMessages.roomId, id), beside(cursor, false)))
            .orderBy(asc(roomMessages.createdAt), asc(roomMessages.id))
            .limit(ROOM_EVENTS_CATCH_UP)
            .then((rows) => {
              for (const row of rows) write(toMessageDto(row));
            })
            .catch((error: unknown) => request.log.error({ err: error }, 'room events: catching up failed'));
        }
      } catch (error) {
        stream.end();
        throw error;
      }
      stream.comment('connected');
      return stream.send(reply);
    },
  );

  /** The sender is the signed-in admin, whatever name the body carries; the text is stored as text. */
  app.post(
    '/message/from-admin',
    {
      ...permit('message', 'create'),
      schema: { tags, summary: 'Write in a room as the signed-in admin', body: messageFromAdminBody, response: { 200: roomMessageAnswer } },
    },
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
