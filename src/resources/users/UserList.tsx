import { Chip } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { FunctionField, TextField, useGetOne } from 'react-admin';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import { ResourceList, searchFilter } from '../../custom/components/ResourceList';
import { LoginAsButton } from './LoginAsButton';
import type { UserRecord } from '../../providers/records';

/** The company the list is narrowed to (`?organisation_id=`), with a way back to every user. */
const OrganisationChip = ({ organisationId, onClear }: { organisationId: string; onClear: () => void }) => {
  const { data } = useGetOne('company', { id: organisationId });
  return <Chip label={`Organisation: ${data?.name ?? organisationId}`} onDelete={onClear} sx={{ alignSelf: 'center' }} />;
};

/** /user: search, optional `?organisation_id=`, name / email / organisation / last login, 'Login as'. */
export const UserList = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const organisationId = searchParams.get('organisation_id');
  return (
    <ResourceList
      title="Users"
      filters={[searchFilter]}
      filter={organisationId ? { organisation_id: organisationId } : undefined}
      actions={organisationId && <OrganisationChip organisationId={organisationId} onClear={() => setSearchParams({})} />}
      disableSyncWithLocation
    >
      <TextField source="name" label="Name" sortable={false} />
      <TextField source="email" label="Email" sortable={false} />
      <TextField source="organisation_name" label="Organisation" sortable={false} />
      <FunctionField label="Last login" sortable={false} render={(user: UserRecord) => formatShortDateTime(user.last_login_at)} />
      <LoginAsButton />
    </ResourceList>
  );
};
