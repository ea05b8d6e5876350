import { formatRatioAsPercent } from '../../../shared/catalogue/offerOptions';
import type { OfferRecord } from '../../providers/records';

/** Where the offer's images are uploaded, on create and on edit. */
export const OFFER_IMAGES_FOLDER = '/offers';

/** The price as a row shows it: 'sur devis' when priced on proposal. */
export function formatPrice(offer: Pick<OfferRecord, 'price' | 'unit' | 'price_on_proposal'>): string {
  if (offer.price_on_proposal) return 'sur devis';
  if (offer.price === null) return '';
  const unit = offer.unit && offer.unit !== 'Non communiqué' ? ` / ${offer.unit}` : '';
  return `${offer.price} €${unit}`;
}

export { formatRatioAsPercent };
