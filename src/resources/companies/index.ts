import BusinessIcon from '@mui/icons-material/Business';
import { lazyNamed } from '../../custom/lazyNamed';
import { defineResource } from '../declarations';
import endpoint from './api';
import { companyCreateForm } from './CompanyCreate';

/** The companies: /company lists them, /company/{id} edits one. Their balance moves only through the ledger. */
export default defineResource({
  ...endpoint,
  menu: { label: 'Companies', icon: BusinessIcon, position: 3 },
  list: lazyNamed(() => import('./CompanyList'), 'CompanyList'),
  edit: lazyNamed(() => import('./CompanyEdit'), 'CompanyEdit'),
  createForm: companyCreateForm,
  recordRepresentation: 'name',
});
