import { messages } from '../../../shared/catalogue/messages';
import { CreateModal } from '../../custom/components/CreateModal';

const loadInputs = async () => (await import('./OfferCreateInputs')).OfferCreateInputs;

/** Preloaded when the console is idle (the resource declares it). */
export const offerCreateForm = { preload: loadInputs };

export const OfferCreate = () => <CreateModal openLabel="Create" title="Create offer" successMessage={messages.success.offerCreated} loadInputs={loadInputs} />;
