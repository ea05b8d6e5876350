import PeopleIcon from '@mui/icons-material/People';
import { lazyNamed } from '../../custom/lazyNamed';
import { defineResource } from '../declarations';
import endpoint from './api';

export default defineResource({
  ...endpoint,
  menu: { label: 'Users', icon: PeopleIcon, position: 2 },
  list: lazyNamed(() => import('./UserList'), 'UserList'),
  edit: lazyNamed(() => import('./UserEdit'), 'UserEdit'),
  recordRepresentation: 'name',
});
