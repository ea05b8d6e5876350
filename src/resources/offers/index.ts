import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { messages } from '../../../shared/catalogue/messages';
import { lazyNamed } from '../../custom/lazyNamed';
import { defineResource } from '../declarations';
import { LazyOfferCreate } from './lazyOfferCreate';

/** The offers: /offer lists them, /offer/{id} edits one. */
export default defineResource({
  name: 'offer',
  menu: { label: 'Offer', icon: LocalOfferIcon },
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
  list: lazyNamed(() => import('./OfferList'), 'OfferList'),
  edit: lazyNamed(() => import('./OfferEdit'), 'OfferEdit'),
  createForm: LazyOfferCreate,
  recordRepresentation: 'title',
});
