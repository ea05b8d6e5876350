import { defineEndpoint, readOnlyErrors } from '../declarations';

/** How the `credit_entry` resource speaks to the API. */
export default defineEndpoint({
  name: 'credit_entry',
  api: {
    path: '/credit',
    parent: { path: '/company', filter: 'company_id' },
    errors: readOnlyErrors,
    sortable: false,
  },
});
