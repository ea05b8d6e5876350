import { useCanAccess, useGetIdentity, useRecordContext } from 'react-admin';
import { messages } from '../../../shared/catalogue/messages';
import { RecordEdit, RecordForm, UpdateDeleteToolbar } from '../../custom/components/RecordEdit';
import { SessionsSection } from '../../custom/account/SessionsSection';
import { AdminInputs } from './AdminInputs';
import type { AdminRecord } from '../../providers/records';

/** An admin may not delete their own account: Delete waits until the signed-in admin is known, then says so. */
const AdminToolbar = () => {
  const record = useRecordContext<AdminRecord>();
  const { identity, isPending } = useGetIdentity();
  const isSelf = Boolean(record && identity && String(record.id) === String(identity.id));
  return <UpdateDeleteToolbar deleteRefusal={isSelf ? messages.other.cannotDeleteSelf : undefined} deleteDisabled={isPending} />;
};

/** That admin's live sessions, each with 'Sign out'. */
const AdminSessionsTab = () => {
  const record = useRecordContext<AdminRecord>();
  return record ? <SessionsSection adminId={record.id} /> : null;
};

/** An owner (admin/update) also sees the admin's sessions and ends them. */
export const AdminEdit = () => {
  const { canAccess: canEndSessions } = useCanAccess({ resource: 'admin', action: 'update' });
  return (
    <RecordEdit
      form={
        <RecordForm toolbar={<AdminToolbar />}>
          <AdminInputs />
        </RecordForm>
      }
      extraTabs={canEndSessions ? [{ label: 'Sessions', content: <AdminSessionsTab /> }] : []}
    />
  );
};
