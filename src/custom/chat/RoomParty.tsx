import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { Room } from '../../../shared/contract/rooms';

/**
 * A room's seller or buyer by name, a link to the company's page while the company exists ('—' once it is deleted); in
 * a table row, following the link does not also open the room.
 */
export const RoomPartyLink = ({ party }: { party: Room['seller'] }) => {
  if (!party.name) return <>—</>;
  if (!party._id) return <>{party.name}</>;
  return (
    <Link component={RouterLink} to={`/company/${encodeURIComponent(party._id)}`} onClick={(event) => event.stopPropagation()}>
      {party.name}
    </Link>
  );
};
