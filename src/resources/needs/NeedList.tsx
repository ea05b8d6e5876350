import { Datagrid, FunctionField, List, SearchInput, SelectInput, TextField, TopToolbar, type RaRecord } from 'react-admin';
import { formatShortDateTime } from '../../catalogue/dates';
import { messages } from '../../catalogue/messages';
import { PAGE_SIZE } from '../../catalogue/pagination';
import { DomainSelect, SubDomainSelect } from '../../custom/components/DomainSelects';
import { EmptyText } from '../../custom/components/EmptyText';
import { Paginator } from '../../custom/components/Paginator';
import { ResetFiltersButton } from '../../custom/components/ResetFiltersButton';
import { NeedCreate } from './NeedCreate';
import { EMERGENCY_CHOICES } from './needChoices';

const filters = [
  <SearchInput key="search" source="search" alwaysOn placeholder="Search" />,
  <SelectInput key="emergency" source="emergency" label="Urgency" choices={EMERGENCY_CHOICES} alwaysOn />,
  <DomainSelect key="activity_domain" source="activity_domain" alwaysOn />,
  <SubDomainSelect key="sub_activity_domain" source="sub_activity_domain" alwaysOn />,
];

/** Spec §2 /need: search, urgency and domain filters, reset, sortable organisation / description / urgency / created at. */
export const NeedList = () => (
  <List
    title="Need"
    perPage={PAGE_SIZE}
    filters={filters}
    sort={{ field: 'created_at', order: 'DESC' }}
    pagination={<Paginator />}
    actions={
      <TopToolbar>
        <ResetFiltersButton />
        <NeedCreate />
      </TopToolbar>
    }
    exporter={false}
    empty={false}
  >
    <Datagrid rowClick="edit" bulkActionButtons={false} empty={<EmptyText text={messages.empty.needs} />}>
      <TextField source="organisation_name" label="Organisation" />
      <TextField source="description" label="Description" />
      <TextField source="emergency" label="Urgency" />
      <FunctionField source="created_at" label="Created at" render={(need: RaRecord) => formatShortDateTime(need.created_at)} />
    </Datagrid>
  </List>
);
