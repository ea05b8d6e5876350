import { messages } from '../../../shared/catalogue/messages';
import { CreateModal } from '../../custom/components/CreateModal';
import { lazyNamed } from '../../custom/lazyNamed';

export const LazyOfferCreateInputs = lazyNamed(() => import('./OfferCreateInputs'), 'OfferCreateInputs');

export const OfferCreate = () => (
  <CreateModal openLabel="Create" title="Create offer" successMessage={messages.success.offerCreated} inputs={LazyOfferCreateInputs} />
);
