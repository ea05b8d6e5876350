import type { RoomMessage } from '../../../shared/contract/rooms';

/** The server's order: oldest first, ties by id (ids grow with time). */
const chronological = (a: RoomMessage, b: RoomMessage) => Date.parse(a.created_at) - Date.parse(b.created_at) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/** The same message may come from the push, a poll and the send's answer: it shows once. Answers `held` itself when nothing is new. */
export function mergeMessages(held: RoomMessage[], incoming: readonly RoomMessage[]): RoomMessage[] {
  const ids = new Set(held.map((message) => message._id));
  const added = incoming.filter((message) => !ids.has(message._id) && ids.add(message._id));
  return added.length ? [...held, ...added].sort(chronological) : held;
}
