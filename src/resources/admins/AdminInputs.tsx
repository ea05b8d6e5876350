import { TextInput, email } from 'react-admin';
import { requiredText } from '../../custom/components/validators';

/** The fields an admin has that an administrator may set: shared by the create modal and the edit form. */
export const AdminInputs = () => (
  <>
    <TextInput source="name" label="Name" validate={requiredText} fullWidth />
    <TextInput source="email" label="Email" type="email" validate={[...requiredText, email()]} fullWidth />
  </>
);
