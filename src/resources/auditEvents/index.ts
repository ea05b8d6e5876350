import { defineResource, readOnlyErrors } from '../declarations';

/** The audit trail, newest first, read by the Audit page and every record's History tab. */
export default defineResource({
  name: 'audit_event',
  api: {
    path: '/audit',
    errors: readOnlyErrors,
    sortable: false,
  },
});
