import { defineEndpoint, readOnlyErrors } from '../declarations';

/** Its list is the Audit page, newest first (the server's order). */
export default defineEndpoint({
  name: 'audit_event',
  api: {
    path: '/audit',
    errors: readOnlyErrors,
    sortable: false,
  },
  listOpening: {},
  listAddress: '/audit',
});
