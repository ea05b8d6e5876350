import { z } from 'zod';
import { recordVersion, versionSchema } from './versions';
import { CREDIT_RATIOS, PRICE_UNITS } from '../catalogue/offerOptions';
import { csvAnswer, dataAnswer, okAnswer, pageAnswer } from './envelope';
import {
  activityDomainSchema,
  httpUrl,
  idSchema,
  nameSchema,
  offsetSchema,
  optional,
  searchSchema,
  sortOf,
  subActivityDomainSchema,
  timestamp,
  withDomainPair,
} from './primitives';

const imagesSchema = z.array(httpUrl).max(20);
const descriptionSchema = z.string().trim().min(1).max(5000);

export const offerRecord = z
  .strictObject({
    _id: idSchema,
    title: z.string(),
    description: z.string(),
    images: z.array(z.string()),
    organisation_id: idSchema.nullable(),
    organisation_name: z.string().nullable(),
    organisation_logo: z.string().nullable(),
    activity_domain: z.string().nullable(),
    sub_activity_domain: z.string().nullable(),
    price: z.number().nullable(),
    unit: z.string().nullable(),
    /** A fraction: 1, 0.75 or 0.5. */
    credit_ratio: z.number().nullable(),
    price_on_proposal: z.boolean(),
    created_at: timestamp,
    version: recordVersion,
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof offerRecord>;

export const OFFER_SORT_KEYS = ['title', 'organisation_name', 'price', 'credit_ratio', 'created_at'] as const;

/** The offers' domain filter is spelled `domain_activity`, unlike every other list's `activity_domain`. */
export const offerSearchBody = z.object({
  search: searchSchema,
  domain_activity: z.string().max(200).optional(),
  sub_activity_domain: z.string().max(200).optional(),
  organisation_id: idSchema.optional(),
  sort: sortOf(OFFER_SORT_KEYS),
  offset: offsetSchema,
});

export const offerCreateBody = z.object({
  title: nameSchema,
  description: descriptionSchema,
  images: imagesSchema.min(1),
  organisation_id: optional(idSchema),
});

export const offerUpdateBody = withDomainPair(
  z.object({
    title: nameSchema.optional(),
    description: descriptionSchema.optional(),
    images: imagesSchema.optional(),
    organisation_id: optional(idSchema),
    activity_domain: optional(activityDomainSchema),
    sub_activity_domain: optional(subActivityDomainSchema),
    price: optional(z.number().finite().min(0)),
    unit: optional(z.enum(PRICE_UNITS)),
    credit_ratio: optional(
      z
        .number()
        .refine((ratio) => CREDIT_RATIOS.includes(ratio), 'one of 1, 0.75, 0.5')
        .meta({ enum: CREDIT_RATIOS }),
    ),
    price_on_proposal: z.boolean().optional(),
    version: versionSchema.optional(),
  }),
);

export const offerPage = pageAnswer(offerRecord);
export const offerExport = csvAnswer(
  'id, title, images (space-separated), organisation_id, organisation_name, price, unit, price_on_proposal, credit_ratio, created_at',
);
export const offerAnswer = dataAnswer(offerRecord);
export const offerDeleted = okAnswer;
