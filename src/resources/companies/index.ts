import BusinessIcon from '@mui/icons-material/Business';
import { lazyNamed } from '../../custom/lazyNamed';

/** The companies resource (spec §2 /company, /company/{id}). */
export default {
  list: lazyNamed(() => import('./CompanyList'), 'CompanyList'),
  edit: lazyNamed(() => import('./CompanyEdit'), 'CompanyEdit'),
  icon: BusinessIcon,
  recordRepresentation: 'name',
};
