import { z } from 'zod';
import { sortKeysOf } from '../entities/fields';
import { offerFields, offerSearchNames } from '../entities/offers';
import { contractOf } from './fromFields';
import { activityDomainSchema, httpUrl, subActivityDomainSchema, withDomainPair } from './primitives';

/** Links a browser follows (never `javascript:`), at least one on create. */
const imagesSchema = z.array(httpUrl).max(offerFields.fields.images.max);

/** Derived from the declaration (shared/entities/offers.ts); the domain pair and the images' links are checks of their own. */
const derived = contractOf(offerFields, {
  inputs: {
    images: imagesSchema,
    activity_domain: activityDomainSchema,
    sub_activity_domain: subActivityDomainSchema,
    // Any decimals: a price is no amount in credits.
    price: z.number().finite().min(offerFields.fields.price.min),
  },
  refineCreate: (body) => body.extend({ images: imagesSchema.min(1) }),
  refineUpdate: (body) => withDomainPair(body as never),
});

/** The search body, its keys as the API spells them (`domain_activity`), in the declaration's order. */
const searchShape = (derived.searchBody as unknown as z.ZodObject).shape;
const offerSearchBody = z.object(Object.fromEntries(Object.entries(searchShape).map(([key, schema]) => [offerSearchNames[key] ?? key, schema])));

export const offerContract = { ...derived, searchBody: offerSearchBody };

export const offerRecord = offerContract.record;
export type Offer = z.infer<typeof offerRecord>;
export const OFFER_SORT_KEYS = sortKeysOf(offerFields);
