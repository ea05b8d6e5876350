import { messages } from '../../../shared/catalogue/messages';
import { defineEndpoint } from '../declarations';

export default defineEndpoint({
  name: 'admin',
  api: {
    path: '/admin',
    errors: {
      list: messages.load.admins,
      one: messages.load.admin,
      create: messages.failure.createAdmin,
      update: messages.failure.update,
      delete: messages.failure.generic,
    },
    sortable: false,
  },
  listOpening: {},
});
