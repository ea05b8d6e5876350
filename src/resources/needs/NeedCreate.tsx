import { messages } from '../../../shared/catalogue/messages';
import { CreateModal } from '../../custom/components/CreateModal';

const loadInputs = async () => (await import('./NeedCreateInputs')).NeedCreateInputs;

/** Preloaded when the console is idle (the resource declares it). */
export const needCreateForm = { preload: loadInputs };

export const NeedCreate = () => <CreateModal openLabel="Create" title="Create need" successMessage={messages.success.needCreated} loadInputs={loadInputs} />;
