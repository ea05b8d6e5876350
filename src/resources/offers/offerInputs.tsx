import { NumberInput, required } from 'react-admin';
import { offerFields } from '../../../shared/entities/offers';
import { DomainSelect, SubDomainSelect } from '../../custom/components/DomainSelects';
import { OrganisationInput } from '../../custom/components/OrganisationInput';
import { ImagesInput } from '../../custom/components/upload/ImagesInput';
import { OFFER_IMAGES_FOLDER } from './offerFormat';

const { images, price } = offerFields.fields;

/**
 * The offers' fields whose input is not the derived one: the organisation picker, the catalogue's two selects, the
 * images uploaded to their folder, and a price in euros (any decimals, unlike an amount in credits).
 */
export const offerEditInputs = {
  images: <ImagesInput source="images" label={images.label} folder={OFFER_IMAGES_FOLDER} />,
  organisation_id: <OrganisationInput />,
  activity_domain: <DomainSelect source="activity_domain" />,
  sub_activity_domain: <SubDomainSelect source="sub_activity_domain" />,
  price: <NumberInput source="price" label={price.label} min={price.min} />,
};

/** A create gives at least one image (an update may remove them all). */
export const offerCreateInputs = {
  ...offerEditInputs,
  images: <ImagesInput source="images" label={images.label} folder={OFFER_IMAGES_FOLDER} validate={required()} />,
};
