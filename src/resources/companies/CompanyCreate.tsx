import { TextInput, required } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { CreateModal } from '../../custom/components/CreateModal';
import { FileUploadInput } from '../../custom/components/upload/FileUploadInput';
import { LOGO_FOLDER } from '../../custom/product';

/** Spec §2: the Create modal asks for a name and a logo (uploaded to /{product}); both are required. */
export const CompanyCreate = () => (
  <CreateModal openLabel="Create" title="Create company" requiredFields={['name', 'logo_url']} successMessage={messages.success.companyCreated}>
    <TextInput source="name" label="Name" validate={required()} fullWidth />
    <FileUploadInput source="logo_url" label="Logo" folder={LOGO_FOLDER} />
  </CreateModal>
);
