import { messages } from '../../../shared/catalogue/messages';
import { defineEndpoint } from '../declarations';

export default defineEndpoint({
  name: 'company',
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
  listOpening: { sort: { field: 'created_at', order: 'DESC' } },
});
