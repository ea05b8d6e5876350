import { Link, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { CanAccess, Datagrid, FunctionField, ReferenceManyField, TextField, useRecordContext } from 'react-admin';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import { PAGE_SIZE } from '../../../shared/catalogue/pagination';
import { keyboardRowsBody, keyboardRowsSx } from '../../custom/components/KeyboardRows';
import { Paginator } from '../../custom/components/Paginator';
import { ScrollRegion } from '../../custom/components/ScrollRegion';
import { InviteUserModal } from './InviteUserModal';
import type { UserRecord } from '../../providers/records';
import type { CompanyRecord } from '../../providers/records';

export const CompanyUsersTab = () => {
  const company = useRecordContext<CompanyRecord>();
  return (
    <Stack spacing={1}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to={`/user?organisation_id=${encodeURIComponent(String(company?.id ?? ''))}`}>
          Open in Users
        </Link>
        <CanAccess resource="user" action="create">
          <InviteUserModal />
        </CanAccess>
      </Stack>
      <ReferenceManyField reference="user" target="organisation_id" perPage={PAGE_SIZE} pagination={<Paginator />}>
        <ScrollRegion label="Users">
          <Datagrid rowClick={(id) => `/user/${id}`} body={keyboardRowsBody} sx={keyboardRowsSx} bulkActionButtons={false} empty={<></>}>
            <TextField source="name" label="Name" sortable={false} />
            <TextField source="email" label="Email" sortable={false} />
            <TextField source="organisation_name" label="Organisation" sortable={false} />
            <FunctionField label="Last login" sortable={false} render={(user: UserRecord) => formatShortDateTime(user.last_login_at)} />
          </Datagrid>
        </ScrollRegion>
      </ReferenceManyField>
    </Stack>
  );
};
