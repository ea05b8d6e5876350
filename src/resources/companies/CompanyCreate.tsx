import { messages } from '../../../shared/catalogue/messages';
import { CreateModal } from '../../custom/components/CreateModal';

const loadInputs = async () => (await import('./CompanyCreateInputs')).CompanyCreateInputs;

/** Preloaded when the console is idle (the resource declares it). */
export const companyCreateForm = { preload: loadInputs };

export const CompanyCreate = () => (
  <CreateModal openLabel="Create" title="Create company" successMessage={messages.success.companyCreated} loadInputs={loadInputs} />
);
