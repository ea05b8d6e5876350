import { messages } from '../../../shared/catalogue/messages';
import { defineEndpoint } from '../declarations';

export default defineEndpoint({
  name: 'user',
  api: {
    path: '/user',
    errors: {
      list: messages.load.users,
      one: messages.load.user,
      create: messages.failure.generic,
      update: messages.failure.update,
      delete: messages.failure.generic,
    },
    sortable: false,
  },
  listOpening: {},
});
