import PeopleIcon from '@mui/icons-material/People';
import { lazyNamed } from '../../custom/lazyNamed';

/** The users resource (spec §2 /user, /user/{id}). */
export default {
  list: lazyNamed(() => import('./UserList'), 'UserList'),
  edit: lazyNamed(() => import('./UserEdit'), 'UserEdit'),
  icon: PeopleIcon,
  recordRepresentation: 'name',
};
