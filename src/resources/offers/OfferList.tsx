import { Avatar, Stack } from '@mui/material';
import { Datagrid, FunctionField, List, SearchInput, TextField, TopToolbar, type RaRecord } from 'react-admin';
import { formatShortDateTime } from '../../catalogue/dates';
import { messages } from '../../catalogue/messages';
import { PAGE_SIZE } from '../../catalogue/pagination';
import { DomainSelect, SubDomainSelect } from '../../custom/components/DomainSelects';
import { EmptyText } from '../../custom/components/EmptyText';
import { Paginator } from '../../custom/components/Paginator';
import { ResetFiltersButton } from '../../custom/components/ResetFiltersButton';
import { OfferCreate } from './OfferCreate';
import { formatPrice, formatRatioAsPercent } from './offerFormat';

const filters = [
  <SearchInput key="search" source="search" alwaysOn placeholder="Search" />,
  <DomainSelect key="activity_domain" source="activity_domain" alwaysOn />,
  <SubDomainSelect key="sub_activity_domain" source="sub_activity_domain" alwaysOn />,
];

/** Spec §2 /offer: search, domain filters, reset, sortable title / organisation / price / credit ratio / created at. */
export const OfferList = () => (
  <List
    title="Offer"
    perPage={PAGE_SIZE}
    filters={filters}
    sort={{ field: 'created_at', order: 'DESC' }}
    pagination={<Paginator />}
    actions={
      <TopToolbar>
        <ResetFiltersButton />
        <OfferCreate />
      </TopToolbar>
    }
    exporter={false}
    empty={false}
  >
    <Datagrid rowClick="edit" bulkActionButtons={false} empty={<EmptyText text={messages.empty.offers} />}>
      <FunctionField
        source="title"
        label="Title"
        render={(offer: RaRecord) => (
          <Stack direction="row" spacing={1} alignItems="center">
            <Avatar variant="rounded" src={Array.isArray(offer.images) ? offer.images[0] : undefined} alt="" sx={{ width: 32, height: 32 }} />
            <span>{offer.title}</span>
          </Stack>
        )}
      />
      <TextField source="organisation_name" label="Organisation" />
      <FunctionField source="price" label="Price" render={(offer: RaRecord) => formatPrice(offer)} />
      <FunctionField source="credit_ratio" label="Credit ratio" render={(offer: RaRecord) => formatRatioAsPercent(offer.credit_ratio)} />
      <FunctionField source="created_at" label="Created at" render={(offer: RaRecord) => formatShortDateTime(offer.created_at)} />
    </Datagrid>
  </List>
);
