import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { RoomMessage } from '../../../shared/contract/rooms';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { eventJson, followEventStream } from '../../providers/eventStream';

/** How often the open room is reloaded while its push is not live (refused, or reconnecting). */
export const ROOM_POLL_MS = 3000;

interface RoomEventsOptions {
  /** The newest message held: a (re)opened stream first sends what came after it. */
  lastMessageId: string | undefined;
  onMessage(message: RoomMessage): void;
  /** Reloads the newest messages: called every ROOM_POLL_MS while the push is not live. */
  poll(): void;
}

const isMessage = (value: unknown): value is RoomMessage =>
  typeof value === 'object' && value !== null && typeof (value as { _id?: unknown })._id === 'string' && typeof (value as { text?: unknown }).text === 'string';

/** `live` says whether the push is connected; until it is, and for good if the server refuses it, the room is polled. */
export function useRoomEvents(roomId: string, options: RoomEventsOptions): { live: boolean } {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [live, setLive] = useState(false);
  const latest = useRef(options);
  // The callbacks and the last message change on every render; the stream must not be reopened for them.
  useLayoutEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (!roomId) return undefined;
    const controller = new AbortController();
    void followEventStream({
      open: (signal) => dataProvider.openRoomEvents(roomId, latest.current.lastMessageId, signal),
      onEvent: (event) => {
        const message = event.event === 'message' ? eventJson(event.data) : undefined;
        if (isMessage(message)) latest.current.onMessage(message);
      },
      onLive: (isLive) => {
        if (!controller.signal.aborted) setLive(isLive);
      },
      signal: controller.signal,
    });
    return () => {
      controller.abort();
      setLive(false);
    };
  }, [dataProvider, roomId]);

  useEffect(() => {
    if (live || !roomId) return undefined;
    const timer = setInterval(() => latest.current.poll(), ROOM_POLL_MS);
    return () => clearInterval(timer);
  }, [live, roomId]);

  return { live };
}
