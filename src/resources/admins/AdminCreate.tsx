import { messages } from '../../../shared/catalogue/messages';
import { CreateModal } from '../../custom/components/CreateModal';

/** The edit page uses the same inputs. */
const loadInputs = async () => (await import('./AdminInputs')).AdminInputs;

/** Preloaded when the console is idle (the resource declares it). */
export const adminCreateForm = { preload: loadInputs };

export const AdminCreate = () => (
  <CreateModal openLabel="Create" title="Create new administrator" successMessage={messages.success.adminCreated} loadInputs={loadInputs} />
);
