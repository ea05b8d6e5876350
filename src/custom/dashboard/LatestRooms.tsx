import { Box, Typography } from '@mui/material';
import { Link } from 'react-admin';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import type { RoomActivity } from '../../../shared/contract/dashboard';
import { ChartCard } from './ChartCard';
import { links } from './listLinks';

const UNKNOWN_PARTY = '—';
const messageCount = (count: number) => (count === 1 ? '1 message' : `${count} messages`);

export const LatestRooms = ({ rooms }: { rooms: RoomActivity[] }) => (
  <ChartCard title="Latest rooms">
    {rooms.length === 0 ? (
      <Typography variant="body2" color="text.secondary">
        No room yet.
      </Typography>
    ) : (
      <Box component="ul" aria-label="Latest rooms" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rooms.map((room) => (
          <Box component="li" key={room._id} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
            <Link to={links.room(room._id)} underline="hover" sx={{ fontWeight: 'fontWeightMedium', overflowWrap: 'anywhere' }}>
              {room.offer_title}
            </Link>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {room.seller_name ?? UNKNOWN_PARTY} → {room.buyer_name ?? UNKNOWN_PARTY} · {messageCount(room.messages)} · last activity{' '}
              {formatShortDateTime(room.last_activity_at)}
            </Typography>
          </Box>
        ))}
      </Box>
    )}
  </ChartCard>
);
