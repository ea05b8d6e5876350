import { messages } from '../../../shared/catalogue/messages';
import { CreateModal } from '../../custom/components/CreateModal';

const loadInputs = async () => (await import('./OfferCreateInputs')).OfferCreateInputs;

/** The create form's inputs, fetched ahead when the console is idle (the resource declares them). */
export const offerCreateForm = { preload: loadInputs };

export const OfferCreate = () => <CreateModal openLabel="Create" title="Create offer" successMessage={messages.success.offerCreated} loadInputs={loadInputs} />;
