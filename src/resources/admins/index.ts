import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { lazyNamed } from '../../custom/lazyNamed';

/** The administrators resource (spec §2 /admin, /admin/{id}). */
export default {
  list: lazyNamed(() => import('./AdminList'), 'AdminList'),
  edit: lazyNamed(() => import('./AdminEdit'), 'AdminEdit'),
  icon: AdminPanelSettingsIcon,
  recordRepresentation: 'name',
};
