import { messages } from '../../../shared/catalogue/messages';
import { defineEndpoint } from '../declarations';

export default defineEndpoint({
  name: 'offer',
  api: {
    path: '/offer',
    errors: {
      list: messages.load.offers,
      one: messages.load.offer,
      create: messages.failure.createOffer,
      update: messages.failure.update,
      delete: messages.failure.generic,
    },
    sortable: true,
    // The offer search names its domain filter the other way round.
    filterNames: { activity_domain: 'domain_activity' },
  },
  listOpening: { sort: { field: 'created_at', order: 'DESC' } },
});
