import { TextInput, required } from 'react-admin';
import { requiredText } from '../../custom/components/validators';
import { FileUploadInput } from '../../custom/components/upload/FileUploadInput';
import { LOGO_FOLDER } from '../../custom/product';

export const CompanyCreateInputs = () => (
  <>
    <TextInput source="name" label="Name" validate={requiredText} fullWidth />
    <FileUploadInput source="logo_url" label="Logo" folder={LOGO_FOLDER} validate={required()} />
  </>
);
