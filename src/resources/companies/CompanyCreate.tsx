import { TextInput, required } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { CreateModal } from '../../custom/components/CreateModal';
import { requiredText } from '../../custom/components/validators';
import { FileUploadInput } from '../../custom/components/upload/FileUploadInput';
import { LOGO_FOLDER } from '../../custom/product';

/** The Create modal asks for a name and a logo (uploaded to /{product}); Create waits for both. */
export const CompanyCreate = () => (
  <CreateModal openLabel="Create" title="Create company" successMessage={messages.success.companyCreated}>
    <TextInput source="name" label="Name" validate={requiredText} fullWidth />
    <FileUploadInput source="logo_url" label="Logo" folder={LOGO_FOLDER} validate={required()} />
  </CreateModal>
);
