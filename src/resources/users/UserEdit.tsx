import { TextInput, email, required } from 'react-admin';
import { OrganisationInput } from '../../custom/components/OrganisationInput';
import { RecordEdit, RecordForm, UpdateDeleteToolbar } from '../../custom/components/RecordEdit';

export const UserEdit = () => (
  <RecordEdit
    form={
      <RecordForm toolbar={<UpdateDeleteToolbar />}>
        <TextInput source="name" label="Name" validate={required()} fullWidth />
        <TextInput source="email" label="Email" validate={[required(), email()]} fullWidth />
        <OrganisationInput />
      </RecordForm>
    }
  />
);
