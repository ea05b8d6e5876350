import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { lazyNamed } from '../../custom/lazyNamed';

/** The offers resource (spec §2 /offer, /offer/{id}). */
export default {
  list: lazyNamed(() => import('./OfferList'), 'OfferList'),
  edit: lazyNamed(() => import('./OfferEdit'), 'OfferEdit'),
  icon: LocalOfferIcon,
  recordRepresentation: 'title',
};
