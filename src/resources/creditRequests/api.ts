import { defineEndpoint, readOnlyErrors } from '../declarations';

/**
 * Credit adjustments waiting for a second admin (four eyes). Read on the Approvals page and a company's Credits tab,
 * always filtered by status: no unfiltered opening list to send ahead, and no export.
 */
export default defineEndpoint({
  name: 'credit_request',
  api: {
    path: '/credit_request',
    errors: readOnlyErrors,
    sortable: false,
    exports: false,
  },
});
