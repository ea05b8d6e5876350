import { z } from 'zod';
import { AUDIT_ACTIONS } from '../catalogue/audit';
import { idSchema, timestamp } from './primitives';

/** One of the signed-in admin's own security events, from the audit trail: what, when, from where; never a secret. */
export const securityEvent = z
  .strictObject({
    _id: idSchema,
    action: z.enum(AUDIT_ACTIONS),
    created_at: timestamp,
    /** The client address the call came from (a failed sign-in's is the guesser's). */
    ip: z.string().nullable(),
    /** Read from the user agent, e.g. 'Chrome 131 on Linux'; null when none was recorded. */
    browser: z.string().nullable(),
    /** Another admin who made the change (an owner changing one's role, ending one's session); null for oneself or nobody. */
    by: z.string().nullable(),
    /** What it was about, when the event names it: a passkey's name, the fields of the account that changed, 'passkey' for such a sign-in. */
    detail: z.string().nullable(),
  })
  .meta({ id: 'SecurityEvent' });
export type SecurityEvent = z.infer<typeof securityEvent>;

/** Newest first, at most SECURITY_EVENTS_SHOWN (shared/catalogue/securityEvents.ts). */
export const securityEventsAnswer = z.strictObject({ ok: z.literal(true), data: z.array(securityEvent) }).meta({ id: 'SecurityEvents' });
export type SecurityEventsAnswer = z.infer<typeof securityEventsAnswer>;
