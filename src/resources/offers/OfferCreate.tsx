import { TextInput, required } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { CreateModal } from '../../custom/components/CreateModal';
import { OrganisationInput } from '../../custom/components/OrganisationInput';
import { ImagesInput } from '../../custom/components/upload/ImagesInput';
import { requiredText } from '../../custom/components/validators';

export const OFFER_IMAGES_FOLDER = '/offers';

/** Create waits for a title, a description and the first image. */
export const OfferCreate = () => (
  <CreateModal openLabel="Create" title="Create offer" successMessage={messages.success.offerCreated}>
    <TextInput source="title" label="Title" validate={requiredText} fullWidth />
    <TextInput source="description" label="Description" validate={requiredText} multiline minRows={3} fullWidth />
    <ImagesInput source="images" label="Images" folder={OFFER_IMAGES_FOLDER} validate={required()} />
    <OrganisationInput />
  </CreateModal>
);
