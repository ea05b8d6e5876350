import PeopleIcon from '@mui/icons-material/People';
import { messages } from '../../../shared/catalogue/messages';
import { lazyNamed } from '../../custom/lazyNamed';
import { defineResource } from '../declarations';

/** The marketplace's users: /user lists them, /user/{id} edits one. */
export default defineResource({
  name: 'user',
  menu: { label: 'Users', icon: PeopleIcon },
  api: {
    path: '/user',
    errors: {
      list: messages.load.users,
      one: messages.load.user,
      create: messages.failure.generic,
      update: messages.failure.update,
      delete: messages.failure.generic,
    },
    sortable: false,
  },
  list: lazyNamed(() => import('./UserList'), 'UserList'),
  edit: lazyNamed(() => import('./UserEdit'), 'UserEdit'),
  recordRepresentation: 'name',
});
