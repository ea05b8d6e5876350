import { Avatar, Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { CanAccess, Loading, Title, useGetIdentity, useNotify } from 'react-admin';
import type { Room } from '../../../shared/contract/rooms';
import { failureMessage } from '../../providers/failureMessage';
import type { LogItem } from './MessageBubble';
import { MessageComposer } from './MessageComposer';
import { MessageLog } from './MessageLog';
import { RoomPartyLink } from './RoomParty';
import { useRoomMessages } from './useRoomMessages';

const RoomHeader = ({ room }: { room: Room }) => (
  <Stack direction="row" spacing={2} alignItems="center" component="header">
    <Avatar variant="rounded" src={room.offer_image ?? undefined} alt={room.offer_title} sx={{ width: 56, height: 56 }} />
    <Box>
      <Typography variant="h6" component="h2">
        {room.offer_title}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="room-parties">
        Seller: <RoomPartyLink party={room.seller} /> · Buyer: <RoomPartyLink party={room.buyer} />
      </Typography>
    </Box>
  </Stack>
);

const Conversation = ({ roomId, me }: { roomId: string; me: { id: string | undefined; name: string } }) => {
  const notify = useNotify();
  const [text, setText] = useState('');
  const { room, messages, pending, error, hasOlder, loadingOlder, loadOlder, send, retry } = useRoomMessages(roomId, me);

  useEffect(() => {
    if (error) notify(failureMessage(error), { type: 'error' });
  }, [error, notify]);

  const onSend = () => {
    const message = text.trim();
    if (!message) return;
    setText('');
    // A message that could not be sent comes back to an empty input, so that it can be edited.
    void send(message).then((sent) => sent || setText((current) => current || message));
  };
  const onRetry = (key: string) => {
    // Retrying stands for the text given back to the input: it must not be sent twice.
    const draft = pending.find((other) => other.key === key);
    if (draft) setText((current) => (current.trim() === draft.text ? '' : current));
    retry(key);
  };

  if (!room) return error ? null : <Loading />;
  const items: LogItem[] = [
    ...messages.map((message) => ({ ...message, key: message._id, own: me.id !== undefined && message.sender_id === me.id })),
    ...pending.map((draft) => ({ ...draft, own: true, sender_name: me.name, sender_avatar: null })),
  ];
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={room.offer_title} />
      <CardContent>
        <RoomHeader room={room} />
        <Divider sx={{ my: 2 }} />
        <MessageLog items={items} hasOlder={hasOlder} loadingOlder={loadingOlder} onLoadOlder={loadOlder} onRetry={onRetry} />
        <CanAccess resource="message" action="create">
          <MessageComposer value={text} onChange={setText} onSend={onSend} />
        </CanAccess>
      </CardContent>
    </Card>
  );
};

export const RoomChat = () => {
  const { id = '' } = useParams();
  const { identity } = useGetIdentity();
  const me = { id: identity === undefined ? undefined : String(identity.id), name: String(identity?.fullName ?? '') };
  // A room of its own state: going to another room starts afresh.
  return <Conversation key={id} roomId={id} me={me} />;
};
