import { messages } from '../../../shared/catalogue/messages';
import { CreateModal } from '../../custom/components/CreateModal';
import { lazyNamed } from '../../custom/lazyNamed';

export const LazyNeedCreateInputs = lazyNamed(() => import('./NeedCreateInputs'), 'NeedCreateInputs');

export const NeedCreate = () => (
  <CreateModal openLabel="Create" title="Create need" successMessage={messages.success.needCreated} inputs={LazyNeedCreateInputs} />
);
