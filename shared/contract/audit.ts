import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../catalogue/audit';
import { csvAnswer, pageAnswer } from './envelope';
import { idSchema, limitSchema, offsetSchema, timestamp } from './primitives';

export const auditEventRecord = z
  .strictObject({
    _id: idSchema,
    created_at: timestamp,
    /** Null when no admin acted (a failed sign-in with an unknown address). */
    admin_id: z.string().nullable(),
    admin_name: z.string().nullable(),
    action: z.enum(AUDIT_ACTIONS),
    entity: z.enum(AUDIT_ENTITIES),
    entity_id: z.string().nullable(),
    /** The record's name when the event was recorded (older events: its name now, while it exists); null when unknown or nameless. */
    entity_name: z.string().nullable().default(null),
    /** `{field: [before, after]}`, never a secret. */
    changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).nullable(),
    ip: z.string().nullable(),
    request_id: z.string().nullable(),
    /** Whether the record the event is about still exists (its page can be linked). */
    exists: z.boolean(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof auditEventRecord>;

/** An ISO date-time whose instant PostgreSQL can compare (years 1 to 9999 in UTC). */
const instant = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value))
  .refine((date) => date.getUTCFullYear() >= 1 && date.getUTCFullYear() <= 9999, 'a date between the years 1 and 9999');

export const auditSearchBody = z.object({
  entity: z.enum(AUDIT_ENTITIES).optional(),
  entity_id: idSchema.optional(),
  admin_id: idSchema.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: instant.optional(),
  to: instant.optional(),
  offset: offsetSchema,
  limit: limitSchema,
});
export type AuditSearch = z.infer<typeof auditSearchBody>;

export const auditEventPage = pageAnswer(auditEventRecord);
export const auditExport = csvAnswer('id, created_at, admin_id, admin_name, action, entity, entity_id, changes (JSON)');
