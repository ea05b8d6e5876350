import { Avatar, Stack, Typography } from '@mui/material';
import { FunctionField } from 'react-admin';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import { FilterChip } from '../components/FilterChip';
import { AWAITING_REPLY } from '../todoFilters';
import { ResourceList, searchFilter } from '../components/ResourceList';
import type { RoomRecord } from '../../providers/records';
import { RoomPartyLink } from './RoomParty';

/** A party's logo and name, the name a link to the company. */
const Party = ({ party }: { party: RoomRecord['seller'] }) => (
  <Stack direction="row" spacing={1} alignItems="center">
    <Avatar src={party.logo_url ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
      {party.name?.charAt(0) ?? '?'}
    </Avatar>
    <span>
      <RoomPartyLink party={party} />
    </span>
  </Stack>
);

const OfferImage = ({ room, size }: { room: RoomRecord; size: number }) => (
  <Avatar variant="rounded" src={room.offer_image ?? undefined} alt="" sx={{ width: size, height: size }} />
);

/** At most two lines, wrapped: a long unbroken line would widen a phone's row past the screen. */
const LastMessage = ({ room }: { room: RoomRecord }) => (
  <Typography
    component="span"
    variant="inherit"
    title={room.last_message ?? undefined}
    sx={{
      display: '-webkit-box',
      WebkitLineClamp: 2,
      WebkitBoxOrient: 'vertical',
      overflow: 'hidden',
      overflowWrap: 'anywhere',
      maxWidth: { xs: '100%', md: 280 },
    }}
  >
    {room.last_message ?? '—'}
  </Typography>
);

export const RoomList = () => (
  <ResourceList<RoomRecord>
    title="Messages"
    filters={[searchFilter]}
    actions={<FilterChip source={AWAITING_REPLY} label="Awaiting a reply" />}
    rowClick={(id) => `/message/${id}`}
    compact={{
      avatar: (room) => <OfferImage room={room} size={40} />,
      primary: (room) => room.offer_title,
      // The compact row is itself a link to the room: the parties are text there (a link holds no link), links on the room's page.
      secondary: (room) => (
        <>
          Seller: {room.seller.name ?? '—'} · Buyer: {room.buyer.name ?? '—'}
          <LastMessage room={room} />
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
    <FunctionField source="last_message" label="Last message" sortable={false} render={(room: RoomRecord) => <LastMessage room={room} />} />
    <FunctionField source="last_activity_at" label="Last activity" sortable={false} render={(room: RoomRecord) => formatShortDateTime(room.last_activity_at)} />
    <FunctionField label="Created at" render={(room: RoomRecord) => formatShortDateTime(room.created_at)} />
  </ResourceList>
);
