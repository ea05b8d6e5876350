import { z } from 'zod';
import { recordVersion, versionSchema } from './versions';
import { versionedBulkIdsBody, versionsOfItsRows } from './bulk';
import { csvAnswer, dataAnswer, okAnswer, pageAnswer } from './envelope';
import { emailSchema, idSchema, nameSchema, offsetSchema, searchSchema, timestamp } from './primitives';

export const userRecord = z
  .strictObject({
    _id: idSchema,
    name: z.string(),
    email: z.string(),
    organisation_id: idSchema.nullable(),
    organisation_name: z.string().nullable(),
    invited: z.boolean(),
    last_login_at: timestamp.nullable(),
    created_at: timestamp,
    version: recordVersion,
  })
  .meta({ id: 'User' });
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

export const userBulkMoveBody = versionsOfItsRows(versionedBulkIdsBody.extend({ organisation_id: idSchema }));

export const userSearchBody = z.object({ search: searchSchema, organisation_id: idSchema.optional(), offset: offsetSchema });

/** The company's name is always the company's own: `organisation_name` is accepted and ignored. */
export const userUpdateBody = z.object({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  organisation_id: idSchema.nullable().optional(),
  organisation_name: z.string().max(200).nullable().optional(),
  version: versionSchema.optional(),
});

export const userInviteBody = z.object({
  name: nameSchema,
  email: emailSchema,
  organisation_id: idSchema,
  organisation_name: z.string().max(200).optional(),
  invited: z.literal(true).optional(),
});

export const userPage = pageAnswer(userRecord);
export const userExport = csvAnswer('id, name, email, organisation_id, organisation_name, last_login_at');
export const userAnswer = dataAnswer(userRecord);
export const userDeleted = okAnswer;
export const impersonationAnswer = dataAnswer(impersonationRecord);
