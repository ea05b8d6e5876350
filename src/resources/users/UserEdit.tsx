import { lazyNamed } from '../../custom/lazyNamed';
import { TextInput, email, required, useCanAccess } from 'react-admin';
import { OrganisationInput } from '../../custom/components/OrganisationInput';
import { RecordEdit, RecordForm, UpdateDeleteToolbar } from '../../custom/components/RecordEdit';

// Only a role that may not update the record reads it: its code is fetched then, not with the form's.
const UserShow = lazyNamed(() => import('./UserShow'), 'UserShow');

/** `/user/{id}`: the form for an admin who may update users; the read view at the same address for one who may only read them. */
export const UserEdit = () => {
  const { canAccess: canUpdate, isPending } = useCanAccess({ action: 'edit' });
  if (isPending) return null;
  if (!canUpdate) return <UserShow />;
  return (
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
};
