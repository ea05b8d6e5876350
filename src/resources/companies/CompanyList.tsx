import { Datagrid, FunctionField, List, SearchInput, TextField, TopToolbar, type RaRecord } from 'react-admin';
import { formatFrenchLongDate } from '../../catalogue/dates';
import { messages } from '../../catalogue/messages';
import { PAGE_SIZE } from '../../catalogue/pagination';
import { DomainSelect, SubDomainSelect } from '../../custom/components/DomainSelects';
import { EmptyText } from '../../custom/components/EmptyText';
import { Paginator } from '../../custom/components/Paginator';
import { ResetFiltersButton } from '../../custom/components/ResetFiltersButton';
import { BALANCE_SOURCE, formatCredit } from '../../custom/product';
import { CompanyAvatar } from './CompanyAvatar';
import { CompanyCreate } from './CompanyCreate';

const filters = [
  <SearchInput key="search" source="search" alwaysOn placeholder="Search" />,
  <DomainSelect key="activity_domain" source="activity_domain" alwaysOn />,
  <SubDomainSelect key="sub_activity_domain" source="sub_activity_domain" alwaysOn />,
];

/**
 * Spec §2 /company: search, domain and dependent sub-domain filters, reset, sortable columns
 * (default created_at descending), 10 a page, create modal. Any search, filter or sort change
 * returns to page 1 (react-admin's list controller does so).
 */
export const CompanyList = () => (
  <List
    title="Companies"
    perPage={PAGE_SIZE}
    filters={filters}
    sort={{ field: 'created_at', order: 'DESC' }}
    pagination={<Paginator />}
    actions={
      <TopToolbar>
        <ResetFiltersButton />
        <CompanyCreate />
      </TopToolbar>
    }
    exporter={false}
    empty={false}
  >
    <Datagrid rowClick="edit" bulkActionButtons={false} empty={<EmptyText text={messages.empty.companies} />}>
      <FunctionField label="Logo" sortable={false} render={() => <CompanyAvatar />} />
      <TextField source="name" label="Name" />
      <FunctionField source={BALANCE_SOURCE} label="Balance" render={(record: RaRecord) => formatCredit(record[BALANCE_SOURCE])} />
      <TextField source="activity_domain" label="Domain" />
      <TextField source="sub_activity_domain" label="Sub-domain" />
      <TextField source="postal_code" label="Postal code" sortable={false} />
      <TextField source="city" label="City" />
      <TextField source="country" label="Country" sortable={false} />
      <FunctionField source="created_at" label="Created at" render={(record: RaRecord) => formatFrenchLongDate(record.created_at)} />
    </Datagrid>
  </List>
);
