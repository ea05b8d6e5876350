import { TextInput, required } from 'react-admin';
import { OrganisationInput } from '../../custom/components/OrganisationInput';
import { ImagesInput } from '../../custom/components/upload/ImagesInput';
import { requiredText } from '../../custom/components/validators';
import { OFFER_IMAGES_FOLDER } from './offerFormat';

export const OfferCreateInputs = () => (
  <>
    <TextInput source="title" label="Title" validate={requiredText} fullWidth />
    <TextInput source="description" label="Description" validate={requiredText} multiline minRows={3} fullWidth />
    <ImagesInput source="images" label="Images" folder={OFFER_IMAGES_FOLDER} validate={required()} />
    <OrganisationInput />
  </>
);
