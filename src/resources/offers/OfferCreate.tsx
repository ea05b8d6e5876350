import { TextInput, required } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { CreateModal } from '../../custom/components/CreateModal';
import { OrganisationInput } from '../../custom/components/OrganisationInput';
import { ImagesInput } from '../../custom/components/upload/ImagesInput';

export const OFFER_IMAGES_FOLDER = '/offers';

/** Spec §5: Create waits for a title, a description and the first image. */
export const OfferCreate = () => (
  <CreateModal openLabel="Create" title="Create offer" requiredFields={['title', 'description', 'images']} successMessage={messages.success.offerCreated}>
    <TextInput source="title" label="Title" validate={required()} fullWidth />
    <TextInput source="description" label="Description" validate={required()} multiline minRows={3} fullWidth />
    <ImagesInput source="images" label="Images" folder={OFFER_IMAGES_FOLDER} />
    <OrganisationInput />
  </CreateModal>
);
