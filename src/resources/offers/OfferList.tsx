import { Avatar, Stack } from '@mui/material';
import { FunctionField, TextField } from 'react-admin';
import { formatShortDateTime } from '../../../shared/catalogue/dates';
import { messages } from '../../../shared/catalogue/messages';
import { joined } from '../../custom/components/CompactList';
import { LazyBulkDeleteButton } from '../../custom/components/lazyListPowerTools';
import { ResourceList, domainFilters, searchFilter } from '../../custom/components/ResourceList';
import { formatPrice, formatRatioAsPercent } from './offerFormat';
import { OfferCreate } from './OfferCreate';
import type { OfferRecord } from '../../providers/records';

const OfferImage = ({ offer, size }: { offer: OfferRecord; size: number }) => (
  <Avatar variant="rounded" src={Array.isArray(offer.images) ? offer.images[0] : undefined} alt="" sx={{ width: size, height: size }} />
);

export const OfferList = () => (
  <ResourceList<OfferRecord>
    title="Offer"
    filters={[searchFilter, ...domainFilters]}
    resettable
    create={<OfferCreate />}
    bulkActions={<LazyBulkDeleteButton plural="offers" />}
    emptyText={messages.empty.offers}
    compact={{
      avatar: (offer) => <OfferImage offer={offer} size={40} />,
      primary: (offer) => offer.title,
      tertiary: (offer) => formatPrice(offer),
      secondary: (offer) => (
        <>
          {joined(offer.organisation_name, formatRatioAsPercent(offer.credit_ratio))}
          <br />
          {formatShortDateTime(offer.created_at)}
        </>
      ),
    }}
  >
    <FunctionField
      source="title"
      label="Title"
      render={(offer: OfferRecord) => (
        <Stack direction="row" spacing={1} alignItems="center">
          <OfferImage offer={offer} size={32} />
          <span>{offer.title}</span>
        </Stack>
      )}
    />
    <TextField source="organisation_name" label="Organisation" />
    <FunctionField source="price" label="Price" render={(offer: OfferRecord) => formatPrice(offer)} />
    <FunctionField source="credit_ratio" label="Credit ratio" render={(offer: OfferRecord) => formatRatioAsPercent(offer.credit_ratio)} />
    <FunctionField source="created_at" label="Created at" render={(offer: OfferRecord) => formatShortDateTime(offer.created_at)} />
  </ResourceList>
);
