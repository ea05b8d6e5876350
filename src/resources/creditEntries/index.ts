import { defineResource, readOnlyErrors } from '../declarations';

/** A company's credit ledger, newest first, read in the company's Credits tab: no screen or menu entry of its own. */
export default defineResource({
  name: 'credit_entry',
  api: {
    path: '/credit',
    parent: { path: '/company', filter: 'company_id' },
    errors: readOnlyErrors,
    sortable: false,
  },
});
