import { FunctionField, TextField } from 'react-admin';
import { formatFrenchLongDate } from '../../../shared/catalogue/dates';
import { messages } from '../../../shared/catalogue/messages';
import { joined } from '../../custom/components/CompactList';
import { LazyBulkDeleteButton } from '../../custom/components/lazyListPowerTools';
import { ResourceList, domainFilters, searchFilter } from '../../custom/components/ResourceList';
import { BALANCE_SOURCE, balanceOf, formatCredit } from '../../custom/product';
import { CompanyAvatar } from './CompanyAvatar';
import { CompanyCreate } from './CompanyCreate';
import type { CompanyRecord } from '../../providers/records';

export const CompanyList = () => (
  <ResourceList<CompanyRecord>
    title="Companies"
    filters={[searchFilter, ...domainFilters]}
    resettable
    create={<CompanyCreate />}
    bulkActions={<LazyBulkDeleteButton plural="companies" />}
    emptyText={messages.empty.companies}
    compact={{
      avatar: () => <CompanyAvatar />,
      primary: (company) => company.name,
      tertiary: (company) => formatCredit(balanceOf(company)),
      secondary: (company) => (
        <>
          {joined(company.activity_domain, company.sub_activity_domain)}
          <br />
          {joined([company.postal_code, company.city].filter(Boolean).join(' '), company.country)}
          <br />
          {formatFrenchLongDate(company.created_at)}
        </>
      ),
    }}
  >
    <FunctionField label="Logo" sortable={false} render={() => <CompanyAvatar />} />
    <TextField source="name" label="Name" />
    <FunctionField source={BALANCE_SOURCE} label="Balance" render={(company: CompanyRecord) => formatCredit(balanceOf(company))} />
    <TextField source="activity_domain" label="Domain" />
    <TextField source="sub_activity_domain" label="Sub-domain" />
    <TextField source="postal_code" label="Postal code" sortable={false} />
    <TextField source="city" label="City" />
    <TextField source="country" label="Country" sortable={false} />
    <FunctionField source="created_at" label="Created at" render={(company: CompanyRecord) => formatFrenchLongDate(company.created_at)} />
  </ResourceList>
);
