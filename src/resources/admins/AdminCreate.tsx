import { messages } from '../../../shared/catalogue/messages';
import { CreateModal } from '../../custom/components/CreateModal';

/** A name and an email; Create waits for both (their inputs are required). The edit page uses the same inputs. */
const loadInputs = async () => (await import('./AdminInputs')).AdminInputs;

/** The create form's inputs, fetched ahead when the console is idle (the resource declares them). */
export const adminCreateForm = { preload: loadInputs };

export const AdminCreate = () => (
  <CreateModal openLabel="Create" title="Create new administrator" successMessage={messages.success.adminCreated} loadInputs={loadInputs} />
);
