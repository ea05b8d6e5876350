import { z } from 'zod';
import { CREDIT_DECIMALS, CREDIT_LIMIT } from '../catalogue/audit';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../catalogue/pagination';
import { ACTIVITY_DOMAINS, DOMAIN_NAMES, isActivityDomain, isSubDomainOf } from '../catalogue/domains';
import { documentEmptyAsNone } from './jsonSchema';

/** Record ids keep the 24-hex shape of the platform's `_id`s. */
export const idSchema = z.string().regex(/^[a-f0-9]{24}$/, 'not an id');

/** zod's own address pattern, so that the document refuses what the server does; blanks around it are trimmed first. */
const EMAIL_PATTERN = `^\\s*${z.regexes.email.source.replace(/^\^|\$$/g, '')}\\s*$`;
export const emailSchema = z.string().trim().toLowerCase().regex(z.regexes.email, 'Invalid email address').max(254).meta({ pattern: EMAIL_PATTERN });
export const nameSchema = z.string().trim().min(1).max(200);
export const searchSchema = z.string().trim().max(200).optional();
export const offsetSchema = z.number().int().min(0).max(1_000_000).default(0);
/** A page's rows: the list's choice, 10 unless it says otherwise. */
export const limitSchema = z.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE);

/** '' and null both mean "no value" for an optional field. */
export const optional = <Schema extends z.ZodType>(schema: Schema) =>
  documentEmptyAsNone(z.preprocess((value) => (value === '' ? null : value), schema.nullable().optional()));

/** Links a browser will follow: http(s) only, never javascript: or data: (URL parsing lower-cases the scheme). */
export const httpUrl = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .meta({ pattern: '^[Hh][Tt][Tt][Pp][Ss]?:' });

/** One sort key; a run-time key not the search's own is refused (server/lib/listing.ts); the document lists `keys` only. */
export const sortOf = (keys: readonly string[], runTimeKey?: RegExp) =>
  z
    .record(z.string(), z.union([z.literal(1), z.literal(-1)]))
    .refine((sort) => Object.keys(sort).every((key) => keys.includes(key) || runTimeKey?.test(key)), 'not a sortable column')
    .refine((sort) => Object.keys(sort).length <= 1, 'one sort key at a time')
    .meta({
      propertyNames: { enum: [...keys] },
      maxProperties: 1,
    })
    .optional();
export type SortInput = z.infer<ReturnType<typeof sortOf>>;

export const activityDomainSchema = z.string().refine(isActivityDomain, 'not an activity domain').meta({ enum: DOMAIN_NAMES });

const SUB_DOMAINS: readonly string[] = [...new Set(Object.values(ACTIVITY_DOMAINS).flat())];
const SUB_DOMAIN_MESSAGE = 'not a sub-domain of the activity domain';

/** A sub-domain of the catalogue; which domain it must belong to is `withDomainPair`'s check. */
export const subActivityDomainSchema = z
  .string()
  .refine((value) => SUB_DOMAINS.includes(value), SUB_DOMAIN_MESSAGE)
  .meta({ enum: SUB_DOMAINS });

const noValue = [{ type: 'null' }, { const: '' }];

/** `sub_activity_domain` must belong to `activity_domain` (an update also checks the stored one, server/lib/domainRules.ts). */
export const withDomainPair = <Schema extends z.ZodType<{ activity_domain?: string | null; sub_activity_domain?: string | null }>>(
  schema: Schema,
  { domainRequired = false } = {},
) =>
  schema
    .refine(
      ({ activity_domain: domain, sub_activity_domain: subDomain }) =>
        !subDomain || (domain ? isSubDomainOf(domain, subDomain) : !domainRequired && domain === undefined),
      { message: SUB_DOMAIN_MESSAGE, path: ['sub_activity_domain'] },
    )
    .meta({
      allOf: [
        ...DOMAIN_NAMES.map((domain) => ({
          if: { properties: { activity_domain: { const: domain } }, required: ['activity_domain'] },
          then: { properties: { sub_activity_domain: { anyOf: [{ enum: [...ACTIVITY_DOMAINS[domain]] }, ...noValue] } } },
        })),
        {
          if: domainRequired
            ? { not: { properties: { activity_domain: { enum: DOMAIN_NAMES } }, required: ['activity_domain'] } }
            : { properties: { activity_domain: { anyOf: noValue } }, required: ['activity_domain'] },
          then: { properties: { sub_activity_domain: { anyOf: noValue } } },
        },
      ],
    });

/** The value rounded to the cent, as the nearest double (what a JSON number with two decimals parses to). */
export const toCents = (value: number): number => Number(value.toFixed(CREDIT_DECIMALS));

/** A JSON number with two decimals is exactly its own rounding to the cent; anything finer (1e-9) is not. */
export const creditAmountSchema = z
  .number()
  .refine((value) => Number.isFinite(value) && Math.abs(value) < CREDIT_LIMIT, `below ${CREDIT_LIMIT} in absolute value`)
  .refine((value) => toCents(value) === value, `at most ${CREDIT_DECIMALS} decimals`)
  // Not `multipleOf: 0.01`: floating-point validators (ajv, as in Spectral, Redocly, Prism) refuse one such amount in nine, 0.07 or 1.1.
  .meta({
    exclusiveMinimum: -CREDIT_LIMIT,
    exclusiveMaximum: CREDIT_LIMIT,
    description: `A credit amount: at most ${CREDIT_DECIMALS} decimals, below ${CREDIT_LIMIT} in absolute value.`,
  });

/** ISO 8601, with an offset or `Z`. */
export const timestamp = z.iso.datetime({ offset: true });
