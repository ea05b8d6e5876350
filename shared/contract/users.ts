import { z } from 'zod';
import { fieldsIn, writableFields, type FieldDeclaration } from '../entities/fields';
import { USER_EXPORT_COLUMNS, userFields } from '../entities/users';
import { versionSchema } from './versions';
import { versionedBulkIdsBody, versionsOfItsRows } from './bulk';
import { csvAnswer, dataAnswer } from './envelope';
import { declaredInputSchema } from './fieldSchemas';
import { contractOf, type CreateOf, type UpdateOf } from './fromFields';
import { idSchema, limitSchema, offsetSchema, searchSchema, timestamp } from './primitives';

type Fields = typeof userFields.fields;
const fieldOf = (name: string) => userFields.fields[name as keyof Fields] as FieldDeclaration;

/**
 * Derived from the declaration (shared/entities/users.ts): the record and its answers. The bodies are the declaration's
 * fields too, in shapes of their own: a user is invited (no standard create), a list without sort keys.
 */
const derived = contractOf(userFields);

export const userRecord = derived.record;
export type User = z.infer<typeof userRecord>;

/** 'Login as': a single-use token for one user, to be exchanged by the marketplace app before it expires. */
export const impersonationRecord = z
  .strictObject({
    user_id: idSchema,
    token: z.string(),
    expires_at: timestamp,
  })
  .meta({ id: 'Impersonation' });
export type Impersonation = z.infer<typeof impersonationRecord>;

/** A linked record's name, which a client may send back: accepted and ignored (the name is always the linked record's own). */
const nameKeysOf = (names: string[], schema: z.ZodType) =>
  names.flatMap((name) => {
    const field = fieldOf(name);
    return field.type === 'reference' ? [[field.nameKey, schema] as const] : [];
  });

export const userBulkMoveBody = versionsOfItsRows(versionedBulkIdsBody.extend({ organisation_id: idSchema }));

/** The text search and each criterion (a company's users); no sort: the list is always newest first. */
const userSearchBody = z.object({
  search: searchSchema,
  ...(Object.fromEntries(fieldsIn(userFields, 'filter').map((name) => [name, declaredInputSchema(fieldOf(name)).optional()])) as {
    organisation_id: z.ZodOptional<z.ZodType<string>>;
  }),
  /** Only the users invited who never signed in (the dashboard's to-do figure). */
  invited_not_signed_in: z.boolean().optional(),
  offset: offsetSchema,
  limit: limitSchema,
});

/** Each editable field (one not required may be emptied with null); the company's name is always the company's own. */
const updateFields = writableFields(userFields, 'update');
const userUpdateBody = z.object({
  ...Object.fromEntries(
    updateFields.map((name) => {
      const field = fieldOf(name);
      return [name, field.required ? declaredInputSchema(field).optional() : declaredInputSchema(field).nullable().optional()];
    }),
  ),
  ...Object.fromEntries(nameKeysOf(updateFields, z.string().max(200).nullable().optional())),
  version: versionSchema.optional(),
}) as unknown as z.ZodType<UpdateOf<Fields> & { organisation_name?: string | null }>;

/** An invitation gives every field a create would, the company included; `invited: true` may be sent, the server sets it anyway. */
const inviteFields = writableFields(userFields, 'create');
export const userInviteBody = z.object({
  ...Object.fromEntries(inviteFields.map((name) => [name, declaredInputSchema(fieldOf(name))])),
  ...Object.fromEntries(nameKeysOf(inviteFields, z.string().max(200).optional())),
  invited: z.literal(true).optional(),
}) as unknown as z.ZodType<{ [K in keyof CreateOf<Fields>]-?: NonNullable<CreateOf<Fields>[K]> } & { organisation_name?: string; invited?: true }>;

export const userContract = {
  ...derived,
  searchBody: userSearchBody,
  updateBody: userUpdateBody,
  export: csvAnswer(USER_EXPORT_COLUMNS.join(', ')),
};

export const userAnswer = derived.answer;
export const impersonationAnswer = dataAnswer(impersonationRecord);
