import { Edit, SaveButton, SimpleForm, TextInput, Toolbar, email, required, useNotify } from 'react-admin';
import { messages } from '../../catalogue/messages';
import { ConfirmDeleteButton } from '../../custom/components/ConfirmDeleteButton';
import { OrganisationInput } from '../../custom/components/OrganisationInput';
import { RawDataTab } from '../../custom/components/RawDataTab';
import { RecordTabs } from '../../custom/components/RecordTabs';
import { useLoadFailure } from '../../custom/components/useLoadFailure';

const UserToolbar = () => (
  <Toolbar sx={{ justifyContent: 'space-between' }}>
    <SaveButton label="Update" icon={<></>} />
    <ConfirmDeleteButton />
  </Toolbar>
);

/** Spec §2 /user/{id}: Information (name, email, organisation; Update, Delete) and Raw Data. */
export const UserEdit = () => {
  const notify = useNotify();
  return (
    <Edit
      title="User"
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={useLoadFailure()}
      mutationOptions={{ onSuccess: () => notify(messages.success.updated, { type: 'success' }) }}
    >
      <RecordTabs
        tabs={[
          {
            label: 'Information',
            content: (
              <SimpleForm toolbar={<UserToolbar />}>
                <TextInput source="name" label="Name" validate={required()} fullWidth />
                <TextInput source="email" label="Email" validate={[required(), email()]} fullWidth />
                <OrganisationInput />
              </SimpleForm>
            ),
          },
          { label: 'Raw Data', content: <RawDataTab /> },
        ]}
      />
    </Edit>
  );
};
