import { Box, Link, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { offerFields, offerFormRows } from '../../../shared/entities/offers';
import { defaultRecordName } from '../../custom/components/recordTitle';
import { FieldShowRows } from '../../custom/fields/FieldShowRows';
import { RecordShow } from '../../custom/fields/RecordShow';
import { formatPrice } from './offerFormat';
import type { OfferRecord } from '../../providers/records';

/** The images as thumbnails, each a link to the whole picture. */
const ImagesValue = () => {
  const images = useRecordContext<OfferRecord>()?.images ?? [];
  if (!images.length) return <Typography variant="body2">—</Typography>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {images.map((url, index) => (
        <Link key={`${url}-${index}`} href={url} target="_blank" rel="noreferrer" aria-label={`Image ${index + 1}`}>
          <Box component="img" src={url} alt="" sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, display: 'block' }} />
        </Link>
      ))}
    </Box>
  );
};

/** The price in euros with its unit, or 'sur devis', as the list shows it (the declaration's `credits` type only says it takes decimals). */
const PriceValue = () => {
  const offer = useRecordContext<OfferRecord>();
  return <Typography variant="body2">{(offer && formatPrice(offer)) || '—'}</Typography>;
};

const READ_VALUES = { images: <ImagesValue />, price: <PriceValue /> };

/** The offer page of an admin who may read offers and not update them (finance, support): its fields as text. */
export const OfferShow = () => (
  <RecordShow nameOf={defaultRecordName} information={<FieldShowRows entity={offerFields} rows={offerFormRows} values={READ_VALUES} />} />
);
