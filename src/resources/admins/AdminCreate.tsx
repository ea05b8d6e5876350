import { messages } from '../../../shared/catalogue/messages';
import { CreateModal } from '../../custom/components/CreateModal';
import { AdminInputs } from './AdminInputs';

/** Spec §2: 'create new administrator' asks for name and email; Create waits for both. */
export const AdminCreate = () => (
  <CreateModal openLabel="Create" title="Create new administrator" requiredFields={['name', 'email']} successMessage={messages.success.adminCreated}>
    <AdminInputs />
  </CreateModal>
);
