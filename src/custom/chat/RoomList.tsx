import { Avatar, Stack } from '@mui/material';
import { FunctionField } from 'react-admin';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import { ResourceList, searchFilter } from '../components/ResourceList';
import type { RoomRecord } from '../../providers/records';

const Party = ({ party }: { party?: { name?: string | null; logo_url?: string | null } }) => (
  <Stack direction="row" spacing={1} alignItems="center">
    <Avatar src={party?.logo_url ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
      {party?.name?.charAt(0) ?? '?'}
    </Avatar>
    <span>{party?.name ?? ''}</span>
  </Stack>
);

const OfferImage = ({ room, size }: { room: RoomRecord; size: number }) => (
  <Avatar variant="rounded" src={room.offer_image ?? undefined} alt="" sx={{ width: size, height: size }} />
);

/** /message: rooms (offer image and title, seller, buyer, created at), search, 10 a page. */
export const RoomList = () => (
  <ResourceList<RoomRecord>
    title="Messages"
    filters={[searchFilter]}
    rowClick={(id) => `/message/${id}`}
    compact={{
      avatar: (room) => <OfferImage room={room} size={40} />,
      primary: (room) => room.offer_title,
      secondary: (room) => (
        <>
          Seller: {room.seller.name ?? '—'} · Buyer: {room.buyer.name ?? '—'}
          <br />
          {formatShortDateTime(room.created_at)}
        </>
      ),
    }}
  >
    <FunctionField
      label="Offer"
      render={(room: RoomRecord) => (
        <Stack direction="row" spacing={1} alignItems="center">
          <OfferImage room={room} size={36} />
          <span>{room.offer_title}</span>
        </Stack>
      )}
    />
    <FunctionField label="Seller" render={(room: RoomRecord) => <Party party={room.seller} />} />
    <FunctionField label="Buyer" render={(room: RoomRecord) => <Party party={room.buyer} />} />
    <FunctionField label="Created at" render={(room: RoomRecord) => formatShortDateTime(room.created_at)} />
  </ResourceList>
);
