import { z } from 'zod';
import { recordVersion, versionSchema } from './versions';
import { csvAnswer, dataAnswer, idParams, okAnswer, pageAnswer } from './envelope';
import {
  activityDomainSchema,
  creditAmountSchema,
  emailSchema,
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

export const SYNC_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const companyCommentRecord = z
  .strictObject({
    _id: idSchema,
    /** The author's name when the comment was written. */
    user_name: z.string(),
    /** The author's admin id: null once that admin is deleted. Who may delete it follows (`moderate` on `company` for anyone's). */
    author_id: idSchema.nullable(),
    text: z.string(),
    created_at: timestamp,
  })
  .meta({ id: 'CompanyComment' });
export type CompanyComment = z.infer<typeof companyCommentRecord>;

export const syncJobRecord = z
  .strictObject({
    _id: idSchema,
    /** The company's id on the old platform. */
    organization_id: z.string(),
    status: z.enum(SYNC_JOB_STATUSES),
    started_at: timestamp,
  })
  .meta({ id: 'SyncJob' });
export type SyncJob = z.infer<typeof syncJobRecord>;

/** Typed `unknown` so that the record's static type keeps its other fields (a `number` catch-all would type them all); at run time a credit amount. */
const runTimeBalance: z.ZodType<unknown> = creditAmountSchema;
export const BALANCE_NAME = /^[a-z][a-z0-9_]*_balance$/;

/** A strict record with exactly one balance, under its run-time name `{product}_balance`. */
const withRunTimeBalance = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z
    .strictObject({
      ...shape,
      credit_balance: creditAmountSchema
        .optional()
        .describe('The balance, named `{product}_balance` after the configured product; `credit_balance` by default.'),
    })
    .catchall(runTimeBalance)
    .refine((record) => {
      const extra = Object.keys(record).filter((key) => !Object.hasOwn(shape, key));
      return extra.length === 1 && extra.every((key) => BALANCE_NAME.test(key));
    }, 'one balance, named `{product}_balance`, and no field the contract does not name')
    // The published document names the server's own balance (server/lib/openApiDocument.ts): a client can build a record.
    .meta({ additionalProperties: false, required: [...Object.keys(shape), 'credit_balance'] });

const companyShape = {
  _id: idSchema,
  name: z.string(),
  siret: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  street_number: z.string().nullable(),
  route: z.string().nullable(),
  city: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  activity_domain: z.string().nullable(),
  sub_activity_domain: z.string().nullable(),
  description: z.string().nullable(),
  legal_status: z.string().nullable(),
  employees: z.string().nullable(),
  turnover: z.number().nullable(),
  creation_year: z.number().int().nullable(),
  website: z.string().nullable(),
  logo_url: z.string().nullable(),
  is_test: z.boolean(),
  /** The company's id on the old platform. */
  organization_id: z.string().nullable(),
  created_at: timestamp,
  version: recordVersion,
};

/** A company as lists show it. */
export const companyRecord = withRunTimeBalance(companyShape).meta({ id: 'Company' });
export type Company = z.infer<typeof companyRecord>;

/** A company with everything its page shows: its comments (newest first) and its last sync job. */
export const companyDetailRecord = withRunTimeBalance({
  ...companyShape,
  comments: z.array(companyCommentRecord),
  last_sync: syncJobRecord.nullable(),
}).meta({ id: 'CompanyDetail' });
export type CompanyDetail = z.infer<typeof companyDetailRecord>;

const shortText = z.string().trim().max(200);
const currentYear = new Date().getFullYear();

/** Every editable company field, validated; fields not named here never reach the database. */
export const companyFieldsSchema = z
  .object({
    name: nameSchema,
    siret: optional(
      z
        .string()
        .regex(/^(?:\s*\d){14}\s*$/, 'a siret has 14 digits')
        .transform((value) => value.replace(/\s/g, '')),
    ),
    phone: optional(
      z
        .string()
        .trim()
        .regex(/^[+\d][\d .()-]{5,29}$/, 'not a phone number'),
    ),
    email: optional(emailSchema),
    street_number: optional(z.string().trim().max(20)),
    route: optional(shortText),
    city: optional(shortText),
    postal_code: optional(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9 -]{2,10}$/, 'not a postal code'),
    ),
    country: optional(shortText),
    activity_domain: optional(activityDomainSchema),
    sub_activity_domain: optional(subActivityDomainSchema),
    description: optional(z.string().max(5000)),
    legal_status: optional(shortText),
    employees: optional(z.union([z.string().trim().max(50), z.number().int().min(0).transform(String)])),
    turnover: optional(z.number().finite().min(0)),
    creation_year: optional(
      z
        .number()
        .int()
        .min(1800)
        .max(currentYear + 1),
    ),
    website: optional(httpUrl),
    logo_url: optional(httpUrl),
    is_test: z.boolean().optional(),
    organization_id: optional(z.string().trim().max(100)),
  })
  .partial({ name: true });

/** PUT /company/{id}: the handler checks `{product}_balance` itself; `credit_balance` is only documented, so another product's server ignores it. */
const { $schema: _, ...creditAmountJson } = z.toJSONSchema(creditAmountSchema);

export const companyUpdateBody = withDomainPair(
  companyFieldsSchema
    .extend({
      version: versionSchema.optional(),
      credit_balance: z
        .unknown()
        .optional()
        .meta({
          ...creditAmountJson,
          description: 'The balance (a credit amount), named `{product}_balance` after the configured product; `credit_balance` by default.',
        }),
    })
    .catchall(z.unknown()),
);

export const companyCreateBody = z.object({ name: nameSchema, logo_url: httpUrl });

/** The balance's key, `{product}_balance`, is named after the configured product. */
export const COMPANY_SORT_KEYS = ['name', 'credit_balance', 'activity_domain', 'sub_activity_domain', 'city', 'created_at'] as const;

export const companySearchBody = z.object({
  search: searchSchema,
  activity_domain: z.string().max(200).optional(),
  sub_activity_domain: z.string().max(200).optional(),
  sort: sortOf(COMPANY_SORT_KEYS, BALANCE_NAME),
  offset: offsetSchema,
});
export type CompanySearch = z.infer<typeof companySearchBody>;

export const companyCommentBody = z.object({ text: z.string().trim().min(1).max(2000) });
export const companyCommentParams = idParams.extend({ commentId: idSchema });
export const companySyncBody = z.object({ organization_id: z.string().trim().min(1).max(100) });

export const companyPage = pageAnswer(companyRecord);
export const companyExport = csvAnswer('id, name, logo_url, `{product}_balance`, activity_domain, sub_activity_domain, postal_code, city, country, created_at');
export const companyDetailAnswer = dataAnswer(companyDetailRecord);
export const companyDeleted = okAnswer;
export const companyCommentsAnswer = dataAnswer(z.array(companyCommentRecord));
export const syncJobAnswer = dataAnswer(syncJobRecord);
