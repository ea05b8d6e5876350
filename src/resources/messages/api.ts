import { messages } from '../../../shared/catalogue/messages';
import { defineEndpoint } from '../declarations';

export default defineEndpoint({
  name: 'message',
  api: {
    path: '/room',
    errors: {
      list: messages.failure.generic,
      one: messages.failure.generic,
      create: messages.failure.generic,
      update: messages.failure.update,
      delete: messages.failure.generic,
    },
    sortable: false,
    // The room search answers its rows under `rooms`.
    listKey: 'rooms',
  },
  listOpening: {},
});
