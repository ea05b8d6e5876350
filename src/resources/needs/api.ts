import { messages } from '../../../shared/catalogue/messages';
import { defineEndpoint } from '../declarations';

export default defineEndpoint({
  name: 'need',
  api: {
    path: '/need',
    errors: {
      list: messages.load.needs,
      one: messages.load.need,
      create: messages.failure.createNeed,
      update: messages.failure.update,
      delete: messages.failure.generic,
    },
    sortable: true,
  },
  listOpening: { sort: { field: 'created_at', order: 'DESC' } },
});
