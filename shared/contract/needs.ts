import { z } from 'zod';
import { recordVersion, versionSchema } from './versions';
import { EMERGENCIES, NEED_STATUSES } from '../catalogue/needOptions';
import { versionedBulkIdsBody, versionsOfItsRows } from './bulk';
import { csvAnswer, dataAnswer, okAnswer, pageAnswer } from './envelope';
import { activityDomainSchema, idSchema, offsetSchema, optional, searchSchema, sortOf, subActivityDomainSchema, timestamp, withDomainPair } from './primitives';

const descriptionSchema = z.string().trim().min(1).max(5000);

export const needRecord = z
  .strictObject({
    _id: idSchema,
    organisation_id: idSchema.nullable(),
    organisation_name: z.string().nullable(),
    activity_domain: z.string().nullable(),
    sub_activity_domain: z.string().nullable(),
    description: z.string(),
    /** One of EMERGENCIES (the only values written); the column itself is free text. */
    emergency: z.string(),
    /** One of NEED_STATUSES (the only values written); the column itself is free text. */
    status: z.string(),
    created_at: timestamp,
    version: recordVersion,
  })
  .meta({ id: 'Need' });
export type Need = z.infer<typeof needRecord>;

export const NEED_SORT_KEYS = ['organisation_name', 'description', 'emergency', 'created_at'] as const;

export const needSearchBody = z.object({
  search: searchSchema,
  activity_domain: z.string().max(200).optional(),
  sub_activity_domain: z.string().max(200).optional(),
  organisation_id: idSchema.optional(),
  emergency: z.enum(EMERGENCIES).optional(),
  /** Not one of the list's own filters: the dashboard's needs-by-status figures link to it. */
  status: z.enum(NEED_STATUSES).optional(),
  sort: sortOf(NEED_SORT_KEYS),
  offset: offsetSchema,
});

export const needCreateBody = withDomainPair(
  z.object({
    description: descriptionSchema,
    emergency: z.enum(EMERGENCIES),
    organisation_id: optional(idSchema),
    activity_domain: optional(activityDomainSchema),
    sub_activity_domain: optional(subActivityDomainSchema),
  }),
  { domainRequired: true },
);

export const needBulkStatusBody = versionsOfItsRows(versionedBulkIdsBody.extend({ status: z.enum(NEED_STATUSES) }));

/** Any of the three statuses may follow any other. */
export const needUpdateBody = withDomainPair(
  z.object({
    description: descriptionSchema.optional(),
    emergency: z.enum(EMERGENCIES).optional(),
    status: z.enum(NEED_STATUSES).optional(),
    organisation_id: optional(idSchema),
    activity_domain: optional(activityDomainSchema),
    sub_activity_domain: optional(subActivityDomainSchema),
    version: versionSchema.optional(),
  }),
);

export const needPage = pageAnswer(needRecord);
export const needExport = csvAnswer('id, organisation_id, organisation_name, description, emergency, created_at');
export const needAnswer = dataAnswer(needRecord);
export const needDeleted = okAnswer;
