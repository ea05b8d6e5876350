import { useGetIdentity, useRecordContext } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { RecordEdit, RecordForm, UpdateDeleteToolbar } from '../../custom/components/RecordEdit';
import { AdminInputs } from './AdminInputs';
import type { AdminRecord } from '../../providers/records';

/** An admin may not delete their own account: Delete waits until the signed-in admin is known, then says so. */
const AdminToolbar = () => {
  const record = useRecordContext<AdminRecord>();
  const { identity, isPending } = useGetIdentity();
  const isSelf = Boolean(record && identity && String(record.id) === String(identity.id));
  return <UpdateDeleteToolbar deleteRefusal={isSelf ? messages.other.cannotDeleteSelf : undefined} deleteDisabled={isPending} />;
};

export const AdminEdit = () => (
  <RecordEdit
    form={
      <RecordForm toolbar={<AdminToolbar />}>
        <AdminInputs />
      </RecordForm>
    }
  />
);
