import { messages } from '../../../shared/catalogue/messages';
import { CreateModal } from '../../custom/components/CreateModal';
import { AdminInputs } from './AdminInputs';

/** 'Create new administrator' asks for a name and an email; Create waits for both (their inputs are required). */
export const AdminCreate = () => (
  <CreateModal openLabel="Create" title="Create new administrator" successMessage={messages.success.adminCreated}>
    <AdminInputs />
  </CreateModal>
);
