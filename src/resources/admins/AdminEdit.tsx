import { SimpleForm, useGetIdentity, useRecordContext } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { RecordEdit, UpdateDeleteToolbar } from '../../custom/components/RecordEdit';
import { AdminInputs } from './AdminInputs';

/** An admin may not delete their own account (spec §5). */
const AdminToolbar = () => {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  const isSelf = Boolean(record && identity && String(record.id) === String(identity.id));
  return <UpdateDeleteToolbar deleteRefusal={isSelf ? messages.other.cannotDeleteSelf : undefined} />;
};

/** Spec §2 /admin/{id}: Information (edit name and email, Update, Delete) and Raw Data. */
export const AdminEdit = () => (
  <RecordEdit
    title="Admin"
    form={
      <SimpleForm toolbar={<AdminToolbar />}>
        <AdminInputs />
      </SimpleForm>
    }
  />
);
