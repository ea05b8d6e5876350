import { z } from 'zod';
import { AppError } from './errors';

/** A refusal for bad input, with the offending fields so that a form can mark them. */
export class ValidationError extends AppError {
  constructor(readonly fieldErrors: Record<string, string>) {
    super(400, 'VALIDATION_ERROR');
  }
}

/** Parses untrusted input; unknown keys are dropped by the schemas, so they never reach the database. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fieldErrors[key] ??= issue.message;
  }
  throw new ValidationError(fieldErrors);
}

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254));
export const nameSchema = z.string().trim().min(1).max(200);
export const searchSchema = z.string().trim().max(200).optional();
export const offsetSchema = z.number().int().min(0).max(1_000_000).default(0);

/** `search` text as an ILIKE pattern that matches it literally anywhere. */
export const containsPattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** '' and null both mean "no value" for an optional field. */
export const optional = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === '' ? null : value), schema.nullable().optional());

/** Links a browser will follow: http(s) only, never javascript: or data:. */
export const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);
