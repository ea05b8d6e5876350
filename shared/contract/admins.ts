import { z } from 'zod';
import { ROLES } from '../catalogue/permissions';
import { recordVersion, versionSchema } from './versions';
import { csvAnswer, dataAnswer, okAnswer, pageAnswer } from './envelope';
import { emailSchema, idSchema, nameSchema, offsetSchema, searchSchema, timestamp } from './primitives';

/** An administrator as the API shows them: never the password hash. */
export const adminRecord = z
  .strictObject({
    _id: idSchema,
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    /** Null until the admin first signs in. */
    last_login_at: timestamp.nullable(),
    created_at: timestamp,
    version: recordVersion,
  })
  .meta({ id: 'Admin' });
export type Admin = z.infer<typeof adminRecord>;

export const adminSearchBody = z.object({ search: searchSchema, offset: offsetSchema });

/** Without a role, a support admin (the least privilege); only an owner may create admins at all. */
export const adminCreateBody = z.object({ name: nameSchema, email: emailSchema, role: z.enum(ROLES).optional() });

export const adminUpdateBody = z
  .object({ name: nameSchema.optional(), email: emailSchema.optional(), role: z.enum(ROLES).optional(), version: versionSchema.optional() })
  .refine((changes) => changes.name !== undefined || changes.email !== undefined || changes.role !== undefined, {
    message: 'name, email or role is required',
    path: ['_'],
  });

export const adminPage = pageAnswer(adminRecord);
export const adminExport = csvAnswer('id, name, email, role, last_login_at');
export const adminAnswer = dataAnswer(adminRecord);
export const adminDeleted = okAnswer;
