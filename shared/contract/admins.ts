import { z } from 'zod';
import { ROLES, type Role } from '../catalogue/permissions';
import { ADMIN_EXPORT_COLUMNS, adminFields } from '../entities/admins';
import { writableFields, type FieldDeclaration } from '../entities/fields';
import { recordVersion, versionSchema } from './versions';
import { csvAnswer, dataAnswer, okAnswer, pageAnswer } from './envelope';
import { declaredInputSchema, recordValueSchema } from './fieldSchemas';
import type { CreateOf, RecordOf, UpdateOf } from './fromFields';
import { idSchema, limitSchema, offsetSchema, searchSchema, timestamp } from './primitives';

type Fields = typeof adminFields.fields;
type AdminField = keyof Fields;
const declared = Object.entries(adminFields.fields) as [AdminField, FieldDeclaration][];

/**
 * Derived from the declaration (shared/entities/admins.ts) with small loops, as companies do: the role is the
 * permission table's own (typed as one of its roles, where a declared enum's record is any text), a create without
 * one makes the least privileged admin, and an update must change something.
 */
const RECORD_VALUES: Partial<Record<AdminField, z.ZodType>> = { role: z.enum(ROLES) };

/** An administrator as the API shows them: never the password hash (no field declares it). */
export const adminRecord = z
  .strictObject({
    _id: idSchema,
    ...(Object.fromEntries(
      declared.map(([name, field]) => [name, RECORD_VALUES[name] ?? (field.required ? recordValueSchema(field) : recordValueSchema(field).nullable())]),
    ) as { [K in AdminField]: z.ZodType<AdminValues[K]> }),
    created_at: timestamp,
    version: recordVersion,
  })
  .meta({ id: adminFields.label });
type AdminValues = Omit<RecordOf<Fields>, '_id' | 'created_at' | 'version' | 'role'> & { role: Role };
export type Admin = z.infer<typeof adminRecord>;

/** No sort keys: the list is always newest first. */
const adminSearchBody = z.object({ search: searchSchema, offset: offsetSchema, limit: limitSchema });

/** Each create field: a required one without a default must be given, the others may be left out (not emptied). */
const adminCreateBody = z.object(
  Object.fromEntries(
    writableFields(adminFields, 'create').map((name) => {
      const field = adminFields.fields[name as AdminField] as FieldDeclaration;
      return [name, field.required && field.default === undefined ? declaredInputSchema(field) : declaredInputSchema(field).optional()];
    }),
  ),
) as unknown as z.ZodType<{ [K in keyof CreateOf<Fields>]: NonNullable<CreateOf<Fields>[K]> }>;

/** Any editable field, never emptied (each is required); at least one of them. */
const updateFields = writableFields(adminFields, 'update');
export const adminUpdateBody = z
  .object({
    ...Object.fromEntries(updateFields.map((name) => [name, declaredInputSchema(adminFields.fields[name as AdminField] as FieldDeclaration).optional()])),
    version: versionSchema.optional(),
  })
  .refine((changes: Record<string, unknown>) => updateFields.some((name) => changes[name] !== undefined), {
    message: `${updateFields.slice(0, -1).join(', ')} or ${updateFields.at(-1)} is required`,
    path: ['_'],
  }) as unknown as z.ZodType<{ [K in keyof UpdateOf<Fields>]: Exclude<UpdateOf<Fields>[K], null> }>;

const adminPage = pageAnswer(adminRecord);
export const adminAnswer = dataAnswer(adminRecord);

/** What the standard routes read (server/entities/admins.ts). */
export const adminContract = {
  searchBody: adminSearchBody,
  createBody: adminCreateBody,
  updateBody: adminUpdateBody,
  page: adminPage,
  answer: adminAnswer,
  export: csvAnswer(ADMIN_EXPORT_COLUMNS.join(', ')),
  deleted: okAnswer,
};
