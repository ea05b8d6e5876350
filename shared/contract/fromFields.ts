import { z } from 'zod';
import { sortKeysOf, exportColumnsOf, fieldsIn, writableFields, type EntityFields, type FieldDeclaration } from '../entities/fields';
import { recordVersion, versionSchema } from './versions';
import { csvAnswer, dataAnswer, okAnswer, pageAnswer } from './envelope';
import { declaredInputSchema, filterValueSchema, recordValueSchema } from './fieldSchemas';
import { idSchema, limitSchema, offsetSchema, optional, searchSchema, sortOf, timestamp } from './primitives';

/** What a field holds, as TypeScript sees it. */
type ValueOf<F> = F extends { type: 'credits' | 'integer' }
  ? number
  : F extends { type: 'boolean' }
    ? boolean
    : F extends { type: 'files' }
      ? string[]
      : F extends { type: 'enum'; values: readonly (infer V)[] }
        ? V
        : string;

/** What a record carries: an enum's column is text, whatever value it holds. */
type AnswerOf<F> = F extends { type: 'enum' } ? string : ValueOf<F>;

type NameKeys<Fields> = {
  [K in keyof Fields as Fields[K] extends { type: 'reference'; nameKey: infer N extends string } ? N : never]: string | null;
} & {
  [K in keyof Fields as Fields[K] extends { type: 'reference'; also: infer A } ? keyof A & string : never]: string | null;
};

/** The record the API answers: its id, each field (null when empty unless required), a reference's name (and `also`), its creation and version. */
export type RecordOf<Fields> = { _id: string } & {
  [K in keyof Fields]: Fields[K] extends { required: true } ? AnswerOf<Fields[K]> : AnswerOf<Fields[K]> | null;
} & NameKeys<Fields> & {
    created_at: string;
    version: number;
  };

type Writable<Fields, On extends 'create' | 'update'> = {
  [K in keyof Fields]: Fields[K] extends { write: 'readOnly' }
    ? never
    : Fields[K] extends { write: 'createOnly' }
      ? On extends 'create'
        ? K
        : never
      : Fields[K] extends { write: 'updateOnly' }
        ? On extends 'update'
          ? K
          : never
        : K;
}[keyof Fields];

/** A create body: the required fields, the others optional ('' and null meaning none). */
export type CreateOf<Fields> = {
  [K in Writable<Fields, 'create'> as Fields[K] extends { required: true } ? (Fields[K] extends { default: unknown } ? never : K) : never]: ValueOf<Fields[K]>;
} & {
  [K in Writable<Fields, 'create'> as Fields[K] extends { required: true } ? (Fields[K] extends { default: unknown } ? K : never) : K]?: ValueOf<
    Fields[K]
  > | null;
};

/** An update body: any writable field, and the version the client edited. */
export type UpdateOf<Fields> = { [K in Writable<Fields, 'update'>]?: ValueOf<Fields[K]> | null } & { version?: number };

/** The record's name in the OpenAPI document and the generated client: its label as one word ('Category image' → 'CategoryImage'). */
const schemaIdOf = (label: string): string => label.replace(/\s+(\S)/g, (_, letter: string) => letter.toUpperCase());

/** A field's value as a body sends it: its declared rules, and a length bound when it declares none. */
const inputSchema = (field: FieldDeclaration): z.ZodType =>
  declaredInputSchema(
    field.type === 'text' || field.type === 'longText' ? { ...field, maxLength: field.maxLength ?? (field.type === 'text' ? 200 : 5000) } : field,
  );

export interface ContractOptions {
  /** A field's body schema where the declaration's rules are not enough (a catalogue check of its own). */
  inputs?: Record<string, z.ZodType>;
  /** Whole-body rules over several fields (a sub-domain that belongs to its domain). */
  refineCreate?: (body: z.ZodObject) => z.ZodType;
  refineUpdate?: (body: z.ZodObject) => z.ZodType;
}

/**
 * The zod contract of a declared entity: its record, search, create and update bodies, and its answers. The OpenAPI
 * document and the generated client follow from these.
 */
export function contractOf<Fields extends Record<string, FieldDeclaration>>(entity: EntityFields<Fields>, options: ContractOptions = {}) {
  const entries = Object.entries(entity.fields);
  const input = (name: string, field: FieldDeclaration) => options.inputs?.[name] ?? inputSchema(field);
  const record = z
    .strictObject({
      _id: idSchema,
      ...Object.fromEntries(
        entries.flatMap(([name, field]) => {
          const value = field.required ? recordValueSchema(field) : recordValueSchema(field).nullable();
          if (field.type !== 'reference') return [[name, value] as const];
          const linked = [field.nameKey, ...Object.keys(field.also ?? {})].map((key) => [key, z.string().nullable()] as const);
          return [[name, value] as const, ...linked];
        }),
      ),
      created_at: timestamp,
      version: recordVersion,
    })
    .meta({ id: schemaIdOf(entity.label) });
  const createShape = Object.fromEntries(
    writableFields(entity, 'create').map((name) => {
      const field = entity.fields[name] as FieldDeclaration;
      return [name, field.required && field.default === undefined ? input(name, field) : optional(input(name, field))];
    }),
  );
  const updateShape = Object.fromEntries(
    writableFields(entity, 'update').map((name) => {
      const field = entity.fields[name] as FieldDeclaration;
      return [name, field.required ? input(name, field).optional() : optional(input(name, field))];
    }),
  );
  const searchBody = z.object({
    ...(fieldsIn(entity, 'searched').length > 0 ? { search: searchSchema } : {}),
    ...Object.fromEntries(fieldsIn(entity, 'filter').map((name) => [name, filterValueSchema(entity.fields[name] as FieldDeclaration).optional()])),
    sort: sortOf(sortKeysOf(entity)),
    offset: offsetSchema,
    limit: limitSchema,
  });
  const createBody = z.object(createShape);
  const updateBody = z.object({ ...updateShape, version: versionSchema.optional() });
  return {
    record: record as unknown as z.ZodType<RecordOf<Fields>>,
    searchBody: searchBody as unknown as z.ZodType<{ search?: string; sort?: Record<string, 1 | -1>; offset: number; limit: number } & Record<string, unknown>>,
    createBody: (options.refineCreate?.(createBody) ?? createBody) as unknown as z.ZodType<CreateOf<Fields>>,
    updateBody: (options.refineUpdate?.(updateBody) ?? updateBody) as unknown as z.ZodType<UpdateOf<Fields>>,
    page: pageAnswer(record),
    answer: dataAnswer(record),
    // A files cell holds its links space-separated (server/entities/fromFields.ts).
    export: csvAnswer(
      exportColumnsOf(entity)
        .map((name) => (entity.fields[name]?.type === 'files' ? `${name} (space-separated)` : name))
        .join(', '),
    ),
    deleted: okAnswer,
  };
}
