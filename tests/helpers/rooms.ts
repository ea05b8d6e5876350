import type { Room, RoomMessage } from '../../shared/contract/rooms';

/** A room as GET /room/{id} answers it. */
export const buildRoom = (overrides: Partial<Room> = {}): Room => ({
  _id: 'r'.repeat(24),
  offer_id: null,
  offer_title: 'Salon 2027',
  offer_image: 'http://x.test/offer.png',
  offer_images: ['http://x.test/offer.png'],
  seller: { _id: 'c'.repeat(24), name: 'Agence Cèdre', logo_url: null },
  buyer: { _id: 'd'.repeat(24), name: 'Maison Azur', logo_url: null },
  created_at: '2026-11-20T10:00:00',
  last_message: null,
  last_activity_at: '2026-11-20T10:00:00',
  ...overrides,
});

/** A buyer's message unless overridden; times without an offset are the admin's local time. */
export const buildRoomMessage = (id: string, overrides: Partial<RoomMessage> = {}): RoomMessage => ({
  _id: id,
  sender_id: 'b'.repeat(24),
  sender_role: 'buyer',
  sender_name: 'Maison Azur',
  sender_avatar: null,
  text: 'Bonjour',
  created_at: '2026-11-20T10:05:00',
  ...overrides,
});

/** A room's event stream that stays open, fed by the test (`send` takes raw text/event-stream lines). */
export function openEventStream() {
  let feed: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (feed = controller) });
  const response = new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
  const send = (text: string) => feed?.enqueue(new TextEncoder().encode(text));
  return { response, send, message: (message: RoomMessage) => send(`event: message\nid: ${message._id}\ndata: ${JSON.stringify(message)}\n\n`) };
}
