import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { lazyNamed } from '../../custom/lazyNamed';
import { defineResource } from '../declarations';
import endpoint from './api';
import { offerCreateForm } from './OfferCreate';

export default defineResource({
  ...endpoint,
  menu: { label: 'Offer', icon: LocalOfferIcon, position: 4 },
  list: lazyNamed(() => import('./OfferList'), 'OfferList'),
  edit: lazyNamed(() => import('./OfferEdit'), 'OfferEdit'),
  createForm: offerCreateForm,
  recordRepresentation: 'title',
});
