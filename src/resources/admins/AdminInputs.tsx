import { SelectInput, TextInput, email, required, useGetIdentity, useRecordContext } from 'react-admin';
import { DEFAULT_ROLE, ROLES, ROLE_LABELS } from '../../../shared/catalogue/permissions';
import { requiredText } from '../../custom/components/validators';
import type { AdminRecord } from '../../providers/records';

const ROLE_CHOICES = ROLES.map((role) => ({ id: role, name: ROLE_LABELS[role] }));

/** No admin changes their own role (the server refuses it): on their own record it is shown, not chosen; read-only until they are known. */
const RoleInput = () => {
  const record = useRecordContext<AdminRecord>();
  const { identity, isPending } = useGetIdentity();
  const isSelf = record !== undefined && (isPending || String(record.id) === String(identity?.id));
  return (
    <SelectInput
      source="role"
      label="Role"
      choices={ROLE_CHOICES}
      defaultValue={DEFAULT_ROLE}
      validate={required()}
      disabled={isSelf}
      helperText={isSelf ? 'Admins cannot change their own role.' : false}
      fullWidth
    />
  );
};

/** The create modal's inputs (a new admin is a Support one unless chosen) and the record page's. */
export const AdminInputs = () => (
  <>
    <TextInput source="name" label="Name" validate={requiredText} fullWidth />
    <TextInput source="email" label="Email" type="email" validate={[...requiredText, email()]} fullWidth />
    <RoleInput />
  </>
);
