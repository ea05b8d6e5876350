import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { messages } from '../../../shared/catalogue/messages';
import { lazyNamed } from '../../custom/lazyNamed';
import { defineResource } from '../declarations';

/** The administrators: /admin lists them, /admin/{id} edits one. */
export default defineResource({
  name: 'admin',
  menu: { label: 'Admins', icon: AdminPanelSettingsIcon },
  api: {
    path: '/admin',
    errors: {
      list: messages.load.admins,
      one: messages.load.admin,
      create: messages.failure.createAdmin,
      update: messages.failure.update,
      delete: messages.failure.generic,
    },
    sortable: false,
  },
  list: lazyNamed(() => import('./AdminList'), 'AdminList'),
  edit: lazyNamed(() => import('./AdminEdit'), 'AdminEdit'),
  recordRepresentation: 'name',
});
