import type { z } from 'zod';

/** Optional fields that take `''` as "no value" (`optional` in primitives.ts): the document must accept it too. */
const emptyMeansNone = new WeakSet<object>();

export const documentEmptyAsNone = <Schema extends z.ZodType>(schema: Schema): Schema => {
  emptyMeansNone.add(schema);
  return schema;
};

type JsonSchema = Record<string, unknown>;

/** zod's `override` hook: `''` as a field's "no value", and tuples as `items` arrays, which 3.1 tools read (they ignore `prefixItems`). */
export function contractJsonSchema(zodSchema: object, json: JsonSchema): void {
  if (emptyMeansNone.has(zodSchema)) {
    const value = { ...json };
    for (const key of Object.keys(json)) delete json[key];
    json.anyOf = [value, { type: 'string', const: '' }];
  }
  if (Array.isArray(json.prefixItems)) {
    const items = json.prefixItems as JsonSchema[];
    delete json.prefixItems;
    // Every position of the contract's tuples takes the same values; a tuple of different ones would need `anyOf`.
    json.items = items.every((item) => JSON.stringify(item) === JSON.stringify(items[0])) ? (items[0] ?? {}) : { anyOf: items };
  }
}
