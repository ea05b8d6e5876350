import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { RoomMessage } from '../../../shared/contract/rooms';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { useNotifyingMutation } from '../components/useNotifyingMutation';
import { mergeMessages } from './mergeMessages';
import { useRoomEvents } from './useRoomEvents';

/** A message of the admin's that the server has not confirmed yet: shown at once, then replaced by the stored one. */
export interface PendingMessage {
  key: string;
  text: string;
  created_at: string;
  status: 'sending' | 'failed';
}

interface Sender {
  /** The signed-in admin's id: the sender_id of their stored messages. */
  id: string | undefined;
  name: string;
}

let draftCount = 0;

/** The drafts still waiting once the stored messages with these texts have come (one draft per text each). */
function withoutConfirmed(drafts: PendingMessage[], texts: readonly string[]): PendingMessage[] {
  const left = [...texts];
  return drafts.filter((draft) => {
    const index = draft.status === 'sending' ? left.indexOf(draft.text) : -1;
    if (index >= 0) left.splice(index, 1);
    return index < 0;
  });
}

/** Pages read, new messages pushed (or polled while the stream is down) and the admin's drafts, merged without duplicates. */
export function useRoomMessages(roomId: string, sender: Sender) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const query = useInfiniteQuery({
    queryKey: ['room', roomId, 'messages'],
    queryFn: ({ pageParam }) => dataProvider.getRoom(roomId, pageParam ? { before: pageParam } : {}),
    initialPageParam: '',
    getNextPageParam: (page) => (page.has_more ? page.messages[0]?._id : undefined),
    // Pages are read once: what comes later is pushed or polled into `arrived` (a refetch would reload every page read so far).
    staleTime: Infinity,
    enabled: roomId !== '',
  });
  const [arrived, setArrived] = useState<RoomMessage[]>([]);
  const [pending, setPending] = useState<PendingMessage[]>([]);

  const messages = useMemo(() => mergeMessages([], [...(query.data?.pages ?? []).flatMap((page) => page.messages), ...arrived]), [query.data, arrived]);

  /** New messages; an own one ends the wait of a draft with its text (the push may beat the send's answer). */
  const receive = (incoming: readonly RoomMessage[]) => {
    setArrived((held) => mergeMessages(held, incoming));
    const own = incoming.filter((message) => message.sender_id === sender.id).map((message) => message.text);
    if (own.length) setPending((drafts) => withoutConfirmed(drafts, own));
  };

  // One poll at a time: a slow answer must not pile up requests.
  const polling = useRef(false);
  const poll = () => {
    if (polling.current || !query.data) return;
    polling.current = true;
    dataProvider
      .getRoom(roomId)
      .then((page) => receive(page.messages))
      // A failed poll is retried at the next tick; the room stays as it was.
      .catch(() => undefined)
      .finally(() => (polling.current = false));
  };
  // Followed once the first page is there, so that the stream resumes after its newest message.
  const { live } = useRoomEvents(query.data ? roomId : '', { lastMessageId: messages.at(-1)?._id, onMessage: (message) => receive([message]), poll });

  const sendMessage = useNotifyingMutation(
    ({ text }: PendingMessage) => dataProvider.sendAdminMessage({ text, room: roomId, sender_name: sender.name, sender_logo: null }),
    {
      onSuccess: (stored, draft) => {
        receive([stored]);
        setPending((drafts) => drafts.filter((other) => other.key !== draft.key));
      },
      onError: (_error, draft) => setPending((drafts) => drafts.map((other) => (other.key === draft.key ? { ...other, status: 'failed' } : other))),
    },
  );

  /** Resolves whether the server took the message. */
  const send = async (text: string): Promise<boolean> => {
    draftCount += 1;
    const draft: PendingMessage = { key: `draft-${draftCount}`, text, created_at: new Date().toISOString(), status: 'sending' };
    // The same text sent again from the input stands for its failed draft.
    setPending((others) => [...others.filter((other) => !(other.status === 'failed' && other.text === text)), draft]);
    return sendMessage.mutateAsync(draft).then(
      () => true,
      () => false,
    );
  };

  const retry = (key: string) => {
    const draft = pending.find((other) => other.key === key);
    if (!draft || draft.status !== 'failed') return;
    const again = { ...draft, status: 'sending' as const };
    setPending((drafts) => drafts.map((other) => (other.key === key ? again : other)));
    sendMessage.mutate(again);
  };

  return {
    room: query.data?.pages[0]?.room,
    messages,
    pending,
    error: query.error,
    live,
    hasOlder: query.hasNextPage,
    loadingOlder: query.isFetchingNextPage,
    loadOlder: () => void query.fetchNextPage(),
    send,
    retry,
  };
}
