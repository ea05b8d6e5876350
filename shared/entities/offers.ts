import { CREDIT_RATIOS, PRICE_UNITS, formatRatioAsPercent } from '../catalogue/offerOptions';
import { defineFields } from './fields';

/**
 * The companies' offers. Their table stays hand-written (server/db/schema.ts: images as JSON, the stored search text,
 * the company name kept by triggers, the sort indexes); the CSV's columns follow this order.
 */
export const offerFields = defineFields({
  name: 'offer',
  label: 'Offer',
  plural: 'Offers',
  recordRepresentation: 'title',
  defaultSort: { field: 'created_at', order: 'DESC' },
  fields: {
    title: { type: 'text', label: 'Title', required: true, maxLength: 200, list: true, sortable: true, searched: true, exported: true },
    description: { type: 'longText', label: 'Description', required: true, maxLength: 5000, searched: true },
    /** Uploaded pictures' links (to `/offers`): at least one on create. */
    images: { type: 'files', label: 'Images', required: true, max: 20, exported: true },
    organisation_id: {
      type: 'reference',
      to: 'company',
      // A company is deleted only once its offers are moved or deleted.
      onDelete: 'refuse',
      nameKey: 'organisation_name',
      also: { organisation_logo: 'logo_url' },
      label: 'Organisation',
      list: true,
      // A company's Offers tab sets it; the list offers no filter of its own.
      filter: 'hidden',
      // By the company's name, kept in the offer's search text (server/db/schema.ts).
      searched: true,
      sortable: true,
      exported: true,
    },
    activity_domain: { type: 'text', label: 'Activity domain', filter: true, write: 'updateOnly' },
    sub_activity_domain: { type: 'text', label: 'Sub-domain', filter: true, write: 'updateOnly' },
    /** In euros, any decimals (`credits` is the declaration's only non-integer number); none when priced on proposal. */
    price: { type: 'credits', label: 'Price', min: 0, list: true, sortable: true, exported: true, write: 'updateOnly' },
    unit: { type: 'enum', values: PRICE_UNITS, label: 'Unit', exported: true, write: 'updateOnly' },
    price_on_proposal: { type: 'boolean', label: 'sur devis', required: true, default: false, exported: true, write: 'updateOnly' },
    /** The share paid in credits, a fraction chosen as a percent. */
    credit_ratio: {
      type: 'credits',
      values: CREDIT_RATIOS,
      labels: Object.fromEntries(CREDIT_RATIOS.map((ratio) => [ratio, formatRatioAsPercent(ratio)])),
      label: 'Credit ratio',
      list: true,
      sortable: true,
      exported: true,
      write: 'updateOnly',
    },
  },
});

/**
 * The search body's keys the API spells otherwise: the offers' domain filter is `domain_activity`. The console's endpoint
 * (src/resources/offers/api.ts, in the page's entry) spells it too, so that the entry does not load the declaration.
 */
export const offerSearchNames: Record<string, string> = { activity_domain: 'domain_activity' };

/** The record page's rows, top to bottom: fields on one row are side by side. */
export const offerFormRows: readonly (readonly (keyof typeof offerFields.fields)[])[] = [
  ['activity_domain', 'sub_activity_domain'],
  ['price', 'unit', 'credit_ratio'],
];
