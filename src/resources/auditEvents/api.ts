import { defineEndpoint, readOnlyErrors } from '../declarations';

/** How the `audit_event` resource speaks to the API. */
export default defineEndpoint({
  name: 'audit_event',
  api: {
    path: '/audit',
    errors: readOnlyErrors,
    sortable: false,
  },
});
