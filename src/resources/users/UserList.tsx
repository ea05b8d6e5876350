import { Chip } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { Datagrid, FunctionField, List, SearchInput, TextField, TopToolbar, useGetOne, type RaRecord } from 'react-admin';
import { formatShortDateTime } from '../../catalogue/dates';
import { PAGE_SIZE } from '../../catalogue/pagination';
import { Paginator } from '../../custom/components/Paginator';
import { LoginAsButton } from './LoginAsButton';

const filters = [<SearchInput key="search" source="search" alwaysOn placeholder="Search" />];

/** The company the list is narrowed to (`?organisation_id=`), with a way back to every user. */
const OrganisationChip = ({ organisationId, onClear }: { organisationId: string; onClear: () => void }) => {
  const { data } = useGetOne('company', { id: organisationId });
  return <Chip label={`Organisation: ${data?.name ?? organisationId}`} onDelete={onClear} sx={{ alignSelf: 'center' }} />;
};

/** Spec §2 /user: search, optional `?organisation_id=`, name / email / organisation / last login, 'Login as'. */
export const UserList = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const organisationId = searchParams.get('organisation_id');
  return (
    <List
      title="Users"
      perPage={PAGE_SIZE}
      filters={filters}
      filter={organisationId ? { organisation_id: organisationId } : undefined}
      pagination={<Paginator />}
      actions={<TopToolbar>{organisationId && <OrganisationChip organisationId={organisationId} onClear={() => setSearchParams({})} />}</TopToolbar>}
      exporter={false}
      empty={false}
      disableSyncWithLocation
    >
      <Datagrid rowClick="edit" bulkActionButtons={false} empty={<></>}>
        <TextField source="name" label="Name" sortable={false} />
        <TextField source="email" label="Email" sortable={false} />
        <TextField source="organisation_name" label="Organisation" sortable={false} />
        <FunctionField label="Last login" sortable={false} render={(user: RaRecord) => formatShortDateTime(user.last_login_at)} />
        <LoginAsButton />
      </Datagrid>
    </List>
  );
};
