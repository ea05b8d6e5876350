import { z } from 'zod';
import type { FieldDeclaration } from '../entities/fields';
import { creditAmountSchema, emailSchema, httpUrl, idSchema, timestamp } from './primitives';

/** A field's value as a record carries it (not null: the caller says when it may be). */
export function recordValueSchema(field: FieldDeclaration): z.ZodType {
  switch (field.type) {
    case 'credits':
      return z.number();
    case 'integer':
      return z.number().int();
    case 'boolean':
      return z.boolean();
    case 'files':
      return z.array(z.string());
    case 'enum':
      // The column is text: a value stored before a list changed (or by hand) is answered, not turned into a 500.
      return z.string().describe(`One of: ${field.values.join(', ')}.`);
    case 'reference':
      return idSchema;
    case 'timestamp':
      return timestamp;
    case 'date':
      return z.iso.date();
    default:
      return z.string();
  }
}

const bounded = (schema: z.ZodNumber, field: { min?: number; max?: number }) => {
  const low = field.min === undefined ? schema : schema.min(field.min);
  return field.max === undefined ? low : low.max(field.max);
};

/** A number from a list (the document lists them: the generated client types the choice). */
const oneOf = (values: readonly number[]) =>
  z
    .number()
    .refine((value) => values.includes(value), `one of ${values.join(', ')}`)
    .meta({ enum: [...values] });

/**
 * A field's value as a body sends it, with the rules its declaration gives and no others (no default length). A text is
 * trimmed unless it says `trim: false` (a long text kept as typed). `patternMessage` is the
 * refusal's text when the value does not match the declared pattern.
 */
export function declaredInputSchema(field: FieldDeclaration, patternMessage?: string): z.ZodType {
  switch (field.type) {
    case 'text':
    case 'longText': {
      let schema = field.trim === false ? z.string() : z.string().trim();
      const minLength = field.minLength ?? (field.required ? 1 : undefined);
      if (minLength !== undefined) schema = schema.min(minLength);
      if (field.maxLength !== undefined) schema = schema.max(field.maxLength);
      if (field.pattern !== undefined) schema = schema.regex(new RegExp(`^(?:${field.pattern})$`), patternMessage);
      return schema;
    }
    case 'email':
      return emailSchema;
    case 'url':
      return httpUrl;
    case 'credits':
    case 'integer':
      if (field.values) return oneOf(field.values);
      return field.type === 'credits' ? creditAmountSchema.pipe(bounded(z.number(), field)) : bounded(z.number().int(), field);
    case 'files':
      return z.array(z.string().max(500)).max(field.max);
    case 'enum':
      return z.enum(field.values as [string, ...string[]]);
    default:
      return recordValueSchema(field);
  }
}

/** A search criterion on the field, compared for equality: a text criterion is any text (200 characters at most). */
export function filterValueSchema(field: FieldDeclaration): z.ZodType {
  if (field.type === 'text' || field.type === 'longText' || field.type === 'email' || field.type === 'url') return z.string().max(200);
  return declaredInputSchema(field);
}
