import { z } from 'zod';
import { CREDIT_DECIMALS, CREDIT_LIMIT } from '../catalogue/audit';
import { isActivityDomain } from '../catalogue/domains';

/** Record ids keep the 24-hex shape of the platform's `_id`s. */
export const idSchema = z.string().regex(/^[a-f0-9]{24}$/, 'not an id');

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254));
export const nameSchema = z.string().trim().min(1).max(200);
export const searchSchema = z.string().trim().max(200).optional();
export const offsetSchema = z.number().int().min(0).max(1_000_000).default(0);

/** '' and null both mean "no value" for an optional field. */
export const optional = <Schema extends z.ZodType>(schema: Schema) => z.preprocess((value) => (value === '' ? null : value), schema.nullable().optional());

/** Links a browser will follow: http(s) only, never javascript: or data:. */
export const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);

/** One sort key at a time, 1 ascending or -1 descending. */
export const sortSchema = z
  .record(z.string(), z.union([z.literal(1), z.literal(-1)]))
  .refine((sort) => Object.keys(sort).length <= 1, 'one sort key at a time')
  .optional();
export type SortInput = z.infer<typeof sortSchema>;

export const activityDomainSchema = z.string().refine(isActivityDomain, 'not an activity domain');

/** The value rounded to the cent, as the nearest double (what a JSON number with two decimals parses to). */
export const toCents = (value: number): number => Number(value.toFixed(CREDIT_DECIMALS));

/**
 * A credit amount or balance: at most two decimals, below 10^12 in absolute value. A JSON number
 * with two decimals is exactly its own rounding to the cent; anything finer (1e-9) is not.
 */
export const creditAmountSchema = z
  .number()
  .refine((value) => Number.isFinite(value) && Math.abs(value) < CREDIT_LIMIT, `below ${CREDIT_LIMIT} in absolute value`)
  .refine((value) => toCents(value) === value, `at most ${CREDIT_DECIMALS} decimals`);

/** A moment as the API writes it: ISO 8601 in UTC. */
export const timestamp = z.iso.datetime({ offset: true });
