import { TextInput, email } from 'react-admin';
import { requiredText } from '../../custom/components/validators';

export const AdminInputs = () => (
  <>
    <TextInput source="name" label="Name" validate={requiredText} fullWidth />
    <TextInput source="email" label="Email" type="email" validate={[...requiredText, email()]} fullWidth />
  </>
);
