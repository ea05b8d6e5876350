import { messages } from '../../../shared/catalogue/messages';
import { CreateModal } from '../../custom/components/CreateModal';
import { lazyNamed } from '../../custom/lazyNamed';

export const LazyCompanyCreateInputs = lazyNamed(() => import('./CompanyCreateInputs'), 'CompanyCreateInputs');

export const CompanyCreate = () => (
  <CreateModal openLabel="Create" title="Create company" successMessage={messages.success.companyCreated} inputs={LazyCompanyCreateInputs} />
);
