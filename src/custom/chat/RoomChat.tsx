import SendIcon from '@mui/icons-material/Send';
import { Avatar, Box, Card, CardContent, Divider, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useParams } from 'react-router-dom';
import { Loading, Title, useDataProvider, useGetIdentity, useNotify } from 'react-admin';
import type { RoomMessage } from '../../../shared/contract/rooms';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { failureMessage } from '../../providers/failureMessage';
import { useNotifyingMutation } from '../components/useNotifyingMutation';
import { groupByDay } from './groupByDay';

/**
 * How often the open room asks for new messages. Polling rather than server-sent events: an
 * EventSource cannot send the `Authorization: JWT` header every call needs, and polling keeps the
 * server processes stateless (no fan-out between instances). Three seconds is live enough for a
 * back-office reader and costs one indexed query per open room.
 */
export const ROOM_REFRESH_MS = 3000;

type AdminMessage = Parameters<AdminDataProvider['sendAdminMessage']>[0];

const timeOf = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

const Bubble = ({ message, own }: { message: RoomMessage; own: boolean }) => (
  <Stack direction={own ? 'row-reverse' : 'row'} spacing={1} alignItems="flex-end" data-own={own} data-testid="message">
    <Avatar src={message.sender_avatar ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
      {message.sender_name.charAt(0)}
    </Avatar>
    <Box
      sx={{
        maxWidth: '70%',
        px: 1.5,
        py: 1,
        borderRadius: 2,
        bgcolor: own ? 'primary.main' : 'grey.200',
        color: own ? 'primary.contrastText' : 'text.primary',
      }}
    >
      <Typography variant="caption" sx={{ display: 'block', opacity: 0.8 }}>
        {message.sender_name} · {timeOf.format(new Date(message.created_at))}
      </Typography>
      {/* Rendered as text, never as HTML. */}
      <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{message.text}</Typography>
    </Box>
  </Stack>
);

/** /message/{room_id}: the offer header, messages by day, own messages on the right, Enter sends. */
export const RoomChat = () => {
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const [text, setText] = useState('');
  const end = useRef<HTMLDivElement>(null);
  const { data, error, refetch } = useQuery({ queryKey: ['room', id], queryFn: () => dataProvider.getRoom(id), refetchInterval: ROOM_REFRESH_MS });
  const count = data?.messages.length ?? 0;

  useEffect(() => {
    if (error) notify(failureMessage(error), { type: 'error' });
  }, [error, notify]);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  // No success toast: the message shows in the room; sending lasts until the room has reloaded.
  const sendMessage = useNotifyingMutation((message: AdminMessage) => dataProvider.sendAdminMessage(message), {
    onSuccess: async () => {
      setText('');
      await refetch();
    },
  });
  const sending = sendMessage.isPending;

  const send = () => {
    const message = text.trim();
    if (!message || sending) return;
    sendMessage.mutate({ text: message, room: id, sender_name: String(identity?.fullName ?? ''), sender_logo: null });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };

  if (!data) return error ? null : <Loading />;
  const { room } = data;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={room.offer_title} />
      <CardContent>
        <Stack direction="row" spacing={2} alignItems="center" component="header">
          <Avatar variant="rounded" src={room.offer_image ?? undefined} alt={room.offer_title} sx={{ width: 56, height: 56 }} />
          <Box>
            <Typography variant="h6" component="h2">
              {room.offer_title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Seller: {room.seller.name ?? '—'} · Buyer: {room.buyer.name ?? '—'}
            </Typography>
          </Box>
        </Stack>
        <Divider sx={{ my: 2 }} />
        {/* Focusable, so that a keyboard can scroll the log; shorter on a phone, so that the input stays on screen. */}
        <Box
          role="log"
          aria-label="Messages"
          tabIndex={0}
          sx={{ maxHeight: { xs: '50vh', sm: '60vh' }, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 1 }}
        >
          {groupByDay(data.messages).map((group) => (
            <Box key={group.day} component="section" aria-label={group.label} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              <Typography variant="overline" align="center" color="text.secondary" component="h2">
                {group.label}
              </Typography>
              {group.messages.map((message) => (
                <Bubble key={message._id} message={message} own={identity !== undefined && message.sender_id === String(identity.id)} />
              ))}
            </Box>
          ))}
          <div ref={end} />
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <TextField
            fullWidth
            size="small"
            placeholder="Write a message"
            slotProps={{ htmlInput: { 'aria-label': 'Message' } }}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            multiline
            maxRows={4}
          />
          <IconButton aria-label="Send" color="primary" onClick={() => send()} disabled={!text.trim() || sending}>
            <SendIcon />
          </IconButton>
        </Stack>
      </CardContent>
    </Card>
  );
};
