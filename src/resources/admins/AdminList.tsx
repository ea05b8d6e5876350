import { FunctionField, TextField } from 'react-admin';
import { firstTenCharacters } from '../../../shared/catalogue/dates';
import { ROLE_LABELS } from '../../../shared/catalogue/permissions';
import { joined } from '../../custom/components/CompactList';
import { LazyBulkDeleteButton } from '../../custom/components/lazyListPowerTools';
import { ResourceList, searchFilter } from '../../custom/components/ResourceList';
import { AdminCreate } from './AdminCreate';
import type { AdminRecord } from '../../providers/records';

export const AdminList = () => (
  <ResourceList<AdminRecord>
    title="Admins"
    filters={[searchFilter]}
    create={<AdminCreate />}
    bulkActions={<LazyBulkDeleteButton plural="administrators" />}
    compact={{
      primary: (admin) => admin.name,
      secondary: (admin) => joined(admin.email, ROLE_LABELS[admin.role]),
      tertiary: (admin) => firstTenCharacters(admin.last_login_at),
    }}
  >
    <TextField source="name" label="Name" sortable={false} />
    <TextField source="email" label="Email" sortable={false} />
    <FunctionField label="Role" sortable={false} render={(admin: AdminRecord) => ROLE_LABELS[admin.role]} />
    <FunctionField label="Last login" sortable={false} render={(admin: AdminRecord) => firstTenCharacters(admin.last_login_at)} />
  </ResourceList>
);
