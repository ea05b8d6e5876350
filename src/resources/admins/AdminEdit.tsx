import { Edit, SaveButton, SimpleForm, Toolbar, useGetIdentity, useNotify, useRecordContext } from 'react-admin';
import { messages } from '../../catalogue/messages';
import { ConfirmDeleteButton } from '../../custom/components/ConfirmDeleteButton';
import { RawDataTab } from '../../custom/components/RawDataTab';
import { RecordTabs } from '../../custom/components/RecordTabs';
import { useLoadFailure } from '../../custom/components/useLoadFailure';
import { AdminInputs } from './AdminInputs';

/** Update, and Delete — which an admin may not do to their own account (spec §5). */
const AdminToolbar = () => {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  const isSelf = Boolean(record && identity && String(record.id) === String(identity.id));
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton label="Update" icon={<></>} />
      <ConfirmDeleteButton refusal={isSelf ? messages.other.cannotDeleteSelf : undefined} />
    </Toolbar>
  );
};

/** Spec §2 /admin/{id}: Information (edit name and email, Update, Delete) and Raw Data. */
export const AdminEdit = () => {
  const notify = useNotify();
  return (
    <Edit
      title="Admin"
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
              <SimpleForm toolbar={<AdminToolbar />}>
                <AdminInputs />
              </SimpleForm>
            ),
          },
          { label: 'Raw Data', content: <RawDataTab /> },
        ]}
      />
    </Edit>
  );
};
