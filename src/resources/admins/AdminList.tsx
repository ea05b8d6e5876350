import { Datagrid, FunctionField, List, SearchInput, TextField, TopToolbar, type RaRecord } from 'react-admin';
import { firstTenCharacters } from '../../catalogue/dates';
import { PAGE_SIZE } from '../../catalogue/pagination';
import { Paginator } from '../../custom/components/Paginator';
import { AdminCreate } from './AdminCreate';

const filters = [<SearchInput key="search" source="search" alwaysOn placeholder="Search" />];

/** Spec §2 /admin: search, name / email / last login (first 10 characters), 10 a page, create modal. */
export const AdminList = () => (
  <List
    title="Admins"
    perPage={PAGE_SIZE}
    filters={filters}
    pagination={<Paginator />}
    actions={
      <TopToolbar>
        <AdminCreate />
      </TopToolbar>
    }
    exporter={false}
    empty={false}
  >
    <Datagrid rowClick="edit" bulkActionButtons={false} empty={<></>}>
      <TextField source="name" label="Name" sortable={false} />
      <TextField source="email" label="Email" sortable={false} />
      <FunctionField label="Last login" sortable={false} render={(record: RaRecord) => firstTenCharacters(record.last_login_at)} />
    </Datagrid>
  </List>
);
