import { z } from 'zod';
import { companyExportColumns, companyFields, companySortKeys, type CompanyField } from '../entities/companies';
import { fieldsIn, type FieldDeclaration } from '../entities/fields';
import { declaredInputSchema, filterValueSchema, recordValueSchema } from './fieldSchemas';
import type { RecordOf } from './fromFields';
import { recordVersion, versionSchema } from './versions';
import { csvAnswer, dataAnswer, idParams, okAnswer, pageAnswer } from './envelope';
import {
  activityDomainSchema,
  creditAmountSchema,
  httpUrl,
  idSchema,
  nameSchema,
  limitSchema,
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

type Fields = typeof companyFields.fields;
/** A record's fields, as the declaration types them. */
type CompanyValues = Omit<RecordOf<Fields>, '_id' | 'created_at' | 'version'>;
type FilterName = { [K in CompanyField]: Fields[K] extends { filter: true } ? K : never }[CompanyField];

const declared = Object.entries(companyFields.fields) as [CompanyField, FieldDeclaration][];

/** Each declared field (shared/entities/companies.ts), null when empty unless required; the balance is added below. */
const companyShape = {
  _id: idSchema,
  ...(Object.fromEntries(declared.map(([name, field]) => [name, field.required ? recordValueSchema(field) : recordValueSchema(field).nullable()])) as {
    [K in CompanyField]: z.ZodType<CompanyValues[K]>;
  }),
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

/** The refusals' texts of the declared patterns. */
const PATTERN_MESSAGES: Partial<Record<CompanyField, string>> = { phone: 'not a phone number', postal_code: 'not a postal code' };

/** Where the declared rules are not enough: a catalogue's check, a transform, a second accepted type. */
const OWN_INPUTS: Partial<Record<CompanyField, z.ZodType>> = {
  siret: declaredInputSchema(companyFields.fields.siret, 'a siret has 14 digits').transform((value) => String(value).replace(/\s/g, '')),
  activity_domain: activityDomainSchema,
  sub_activity_domain: subActivityDomainSchema,
  employees: z.union([declaredInputSchema(companyFields.fields.employees), z.number().int().min(0).transform(String)]),
  // Euros, not credits: any decimals.
  turnover: z.number().finite().min(companyFields.fields.turnover.min),
};

const inputOf = (name: CompanyField, field: FieldDeclaration) => OWN_INPUTS[name] ?? declaredInputSchema(field, PATTERN_MESSAGES[name]);

/** Every editable company field, validated ('' and null empty a field; the name and the tester flag are never emptied); fields not named here never reach the database. */
export const companyFieldsSchema = z.object(
  Object.fromEntries(declared.map(([name, field]) => [name, field.required ? inputOf(name, field).optional() : optional(inputOf(name, field))])) as unknown as {
    [K in CompanyField]: z.ZodType<CompanyValues[K] | undefined>;
  },
);

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
export const COMPANY_SORT_KEYS = companySortKeys('credit_balance');

export const companySearchBody = z.object({
  search: searchSchema,
  ...(Object.fromEntries(
    fieldsIn(companyFields, 'filter').map((name) => [name, filterValueSchema(companyFields.fields[name as CompanyField]).optional()]),
  ) as Record<FilterName, z.ZodOptional<z.ZodString>>),
  sort: sortOf(COMPANY_SORT_KEYS, BALANCE_NAME),
  offset: offsetSchema,
  limit: limitSchema,
});
export type CompanySearch = z.infer<typeof companySearchBody>;

export const companyCommentBody = z.object({ text: z.string().trim().min(1).max(2000) });
export const companyCommentParams = idParams.extend({ commentId: idSchema });
export const companySyncBody = z.object({ organization_id: z.string().trim().min(1).max(100) });

export const companyPage = pageAnswer(companyRecord);
export const companyExport = csvAnswer(companyExportColumns('`{product}_balance`').join(', '));
export const companyDetailAnswer = dataAnswer(companyDetailRecord);
export const companyDeleted = okAnswer;
export const companyCommentsAnswer = dataAnswer(z.array(companyCommentRecord));
export const syncJobAnswer = dataAnswer(syncJobRecord);

/** GET /company/{id}/summary: what hangs on the company, counted in one call for its page's summary and tab counts. */
const companySummaryRecord = z
  .strictObject({
    users: z.number().int().min(0),
    offers: z.number().int().min(0),
    needs: z.number().int().min(0),
    /** Rooms where the company is the seller or the buyer. */
    rooms: z.number().int().min(0),
    comments: z.number().int().min(0),
    /** Adjustments of its balance waiting for a second admin, not yet expired. */
    pending_credit_requests: z.number().int().min(0),
  })
  .meta({ id: 'CompanySummary' });
export type CompanySummary = z.infer<typeof companySummaryRecord>;
export const companySummaryAnswer = dataAnswer(companySummaryRecord);
