import { z } from 'zod';
import { ValidationError } from '../lib/validation';
import { activityDomainSchema, creditAmountSchema, emailSchema, httpUrl, nameSchema, optional } from '../../shared/contract/primitives';

const shortText = z.string().trim().max(200);
const currentYear = new Date().getFullYear();

/** Every editable company field of spec §3, validated; fields not named here never reach the database. */
export const companyFieldsSchema = z
  .object({
    name: nameSchema,
    siret: optional(
      z
        .string()
        .transform((value) => value.replace(/\s/g, ''))
        .pipe(z.string().regex(/^\d{14}$/, 'a siret has 14 digits')),
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
    sub_activity_domain: optional(z.string().max(200)),
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

export type CompanyFields = z.infer<typeof companyFieldsSchema>;

/** The balance travels as `{product}_balance`, a name known only at run time. */
export function parseBalance(body: unknown, balanceField: string): number | undefined {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[balanceField] : undefined;
  if (value === undefined) return undefined;
  const parsed = creditAmountSchema.safeParse(value);
  if (!parsed.success) throw new ValidationError({ [balanceField]: parsed.error.issues[0]?.message ?? 'not a credit amount' });
  return parsed.data;
}

export const createCompanySchema = z.object({ name: nameSchema, logo_url: httpUrl });
