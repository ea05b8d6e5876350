import { z } from 'zod';
import { AppError } from './errors';

/** Carries the offending fields so that a form can mark them. */
export class ValidationError extends AppError {
  constructor(readonly fieldErrors: Record<string, string>) {
    super(400, 'VALIDATION_ERROR');
  }
}

/** U+0000, and (with the `u` flag) a surrogate that is not half of a pair: no text column can store them. */
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this refuses.
const UNSTORABLE = /\u0000|[\uD800-\uDFFF]/u;

/** Iterative, so that deeply nested input cannot exhaust the stack. JSON may write a lone surrogate as `"\ud800"`. */
function unstorableTextPath(input: unknown): string | undefined {
  const pending: Array<{ value: unknown; path: string }> = [{ value: input, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return path || '_';
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: path ? `${path}.${index}` : String(index) }));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (UNSTORABLE.test(key)) return path || '_';
        pending.push({ value: item, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return undefined;
}

/** A hostile shape can make a check throw (an object whose `length` has no primitive value): bad input all the same. */
export function safelyParsed<Schema extends z.ZodType>(schema: Schema, value: unknown): z.ZodSafeParseResult<z.infer<Schema>> {
  try {
    return schema.safeParse(value);
  } catch {
    throw new ValidationError({ _: 'malformed input' });
  }
}

/** Unknown keys are dropped by the schemas, so they never reach the database. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const unstorable = unstorableTextPath(value);
  if (unstorable) throw new ValidationError({ [unstorable]: 'contains a NUL character or a lone surrogate' });
  const result = safelyParsed(schema, value ?? {});
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fieldErrors[key] ??= issue.message;
  }
  throw new ValidationError(fieldErrors);
}

/** A LIKE or ILIKE pattern matching `search` literally anywhere. */
export const containsPattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
