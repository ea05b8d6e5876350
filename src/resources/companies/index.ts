import BusinessIcon from '@mui/icons-material/Business';
import { messages } from '../../../shared/catalogue/messages';
import { lazyNamed } from '../../custom/lazyNamed';
import { defineResource } from '../declarations';

/** The companies: /company lists them, /company/{id} edits one. Their balance moves only through the ledger. */
export default defineResource({
  name: 'company',
  menu: { label: 'Companies', icon: BusinessIcon },
  api: {
    path: '/company',
    errors: {
      list: messages.load.companies,
      one: messages.load.company,
      create: messages.failure.createCompany,
      update: messages.failure.update,
      delete: messages.failure.generic,
    },
    sortable: true,
    ledgerBalance: true,
  },
  list: lazyNamed(() => import('./CompanyList'), 'CompanyList'),
  edit: lazyNamed(() => import('./CompanyEdit'), 'CompanyEdit'),
  recordRepresentation: 'name',
});
