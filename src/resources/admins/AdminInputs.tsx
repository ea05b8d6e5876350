import { TextInput, email, required } from 'react-admin';

/** The fields an admin has that an administrator may set: shared by the create modal and the edit form. */
export const AdminInputs = () => (
  <>
    <TextInput source="name" label="Name" validate={required()} fullWidth />
    <TextInput source="email" label="Email" type="email" validate={[required(), email()]} fullWidth />
  </>
);
