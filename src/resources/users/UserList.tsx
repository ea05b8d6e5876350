import { Navigate, useSearchParams } from 'react-router-dom';
import { FunctionField, TextField, WrapperField, useCanAccess, useGetOne, useListContext } from 'react-admin';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import { joined } from '../../custom/components/CompactList';
import { FilterChip } from '../../custom/components/FilterChip';
import { INVITED_NOT_SIGNED_IN } from '../../custom/todoFilters';
import { LazyBulkDeleteButton, LazyBulkMoveUsersButton } from '../../custom/components/lazyListPowerTools';
import { ResourceList, searchFilter } from '../../custom/components/ResourceList';
import { LoginAsButton } from './LoginAsButton';
import type { UserRecord } from '../../providers/records';

const ORGANISATION_PARAM = 'organisation_id';

/** The company the list is narrowed to, with a way back to every user. */
const OrganisationChip = () => {
  const organisationId: unknown = useListContext().filterValues[ORGANISATION_PARAM];
  const { data } = useGetOne('company', { id: String(organisationId) }, { enabled: typeof organisationId === 'string' });
  return typeof organisationId === 'string' ? <FilterChip source={ORGANISATION_PARAM} label={`Organisation: ${data?.name ?? organisationId}`} /> : null;
};

/** The organisation is a filter like the search, so the URL carries it; `/user?organisation_id=X` is rewritten to that URL. */
export const UserList = () => {
  const [searchParams] = useSearchParams();
  const organisationId = searchParams.get(ORGANISATION_PARAM);
  // 'Login as' (and its column) only for an admin whose role may impersonate; asked once here, not for every row.
  const { canAccess: canImpersonate } = useCanAccess({ resource: 'user', action: 'impersonate' });
  if (organisationId) {
    return <Navigate replace to={{ search: `?filter=${encodeURIComponent(JSON.stringify({ [ORGANISATION_PARAM]: organisationId }))}` }} />;
  }
  return (
    <ResourceList<UserRecord>
      title="Users"
      filters={[searchFilter]}
      actions={
        <>
          <OrganisationChip />
          <FilterChip source={INVITED_NOT_SIGNED_IN} label="Invited, never signed in" />
        </>
      }
      bulkActions={
        <>
          <LazyBulkMoveUsersButton />
          <LazyBulkDeleteButton plural="users" />
        </>
      }
      compact={{
        primary: (user) => user.name,
        secondary: (user) => (
          <>
            {joined(user.email, user.organisation_name)}
            <br />
            {formatShortDateTime(user.last_login_at)}
          </>
        ),
        action: canImpersonate ? <LoginAsButton /> : undefined,
      }}
    >
      <TextField source="name" label="Name" sortable={false} />
      <TextField source="email" label="Email" sortable={false} />
      <TextField source="organisation_name" label="Organisation" sortable={false} />
      <FunctionField label="Last login" sortable={false} render={(user: UserRecord) => formatShortDateTime(user.last_login_at)} />
      {/* The column's header names it, for screen readers and the table's structure. */}
      {canImpersonate && (
        <WrapperField label="Action">
          <LoginAsButton />
        </WrapperField>
      )}
    </ResourceList>
  );
};
