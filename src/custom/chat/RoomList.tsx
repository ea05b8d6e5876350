import { Avatar, Stack } from '@mui/material';
import { FunctionField, type RaRecord } from 'react-admin';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import { ResourceList, searchFilter } from '../components/ResourceList';

const Party = ({ party }: { party?: { name?: string | null; logo_url?: string | null } }) => (
  <Stack direction="row" spacing={1} alignItems="center">
    <Avatar src={party?.logo_url ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
      {party?.name?.charAt(0) ?? '?'}
    </Avatar>
    <span>{party?.name ?? ''}</span>
  </Stack>
);

/** /message: rooms (offer image and title, seller, buyer, created at), search, 10 a page. */
export const RoomList = () => (
  <ResourceList title="Messages" filters={[searchFilter]} rowClick={(id) => `/message/${id}`}>
    <FunctionField
      label="Offer"
      render={(room: RaRecord) => (
        <Stack direction="row" spacing={1} alignItems="center">
          <Avatar variant="rounded" src={room.offer_image ?? undefined} alt="" sx={{ width: 36, height: 36 }} />
          <span>{room.offer_title}</span>
        </Stack>
      )}
    />
    <FunctionField label="Seller" render={(room: RaRecord) => <Party party={room.seller} />} />
    <FunctionField label="Buyer" render={(room: RaRecord) => <Party party={room.buyer} />} />
    <FunctionField label="Created at" render={(room: RaRecord) => formatShortDateTime(room.created_at)} />
  </ResourceList>
);
