import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { lazyNamed } from '../../custom/lazyNamed';
import { defineResource } from '../declarations';
import { adminCreateForm } from './AdminCreate';
import endpoint from './api';

export default defineResource({
  ...endpoint,
  menu: { label: 'Admins', icon: AdminPanelSettingsIcon, position: 1 },
  list: lazyNamed(() => import('./AdminList'), 'AdminList'),
  edit: lazyNamed(() => import('./AdminEdit'), 'AdminEdit'),
  createForm: adminCreateForm,
  recordRepresentation: 'name',
});
