import { defineEndpoint, readOnlyErrors } from '../declarations';

export default defineEndpoint({
  name: 'credit_entry',
  api: {
    path: '/credit',
    parent: { path: '/company', filter: 'company_id' },
    errors: readOnlyErrors,
    sortable: false,
  },
});
