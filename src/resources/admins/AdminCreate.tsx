import { messages } from '../../../shared/catalogue/messages';
import { CreateModal } from '../../custom/components/CreateModal';
import { lazyNamed } from '../../custom/lazyNamed';

/** A name and an email; Create waits for both (their inputs are required). The edit page uses the same inputs. */
export const LazyAdminInputs = lazyNamed(() => import('./AdminInputs'), 'AdminInputs');

export const AdminCreate = () => (
  <CreateModal openLabel="Create" title="Create new administrator" successMessage={messages.success.adminCreated} inputs={LazyAdminInputs} />
);
