import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditEvents, type AuditEventRow } from '../db/schema';
import { answer } from '../lib/answers';
import { permit } from '../lib/permissions';
import { sessionOf } from '../lib/sessions';
import type { AuditAction } from '../../shared/catalogue/audit';
import { ACCOUNT_CHANGE_ACTIONS, ACCOUNT_CHANGE_FIELDS, ACCOUNT_SECURITY_ACTIONS, SECURITY_EVENTS_SHOWN } from '../../shared/catalogue/securityEvents';
import { securityEventsAnswer, type SecurityEvent } from '../../shared/contract/securityEvents';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** What the event names beside its action, from what its audit entry kept: never the e-mail a failed sign-in tried. */
function detailOf(row: AuditEventRow): string | null {
  const changes = row.changes ?? {};
  const action = row.action as AuditAction;
  if (action === 'passkey_rename') return `${text(changes.passkey?.[0]) ?? ''} → ${text(changes.passkey?.[1]) ?? ''}`;
  if (action === 'passkey_add' || action === 'passkey_remove') return text(changes.passkey?.[1]) ?? text(changes.passkey?.[0]);
  if (action === 'sign_in' || action === 'failed_sign_in' || action === 'reauth') return text(changes.method?.[1]);
  if ((ACCOUNT_CHANGE_ACTIONS as readonly string[]).includes(action)) {
    const fields = ACCOUNT_CHANGE_FIELDS.filter((field) => changes[field]);
    return fields.map((field) => `${field}: ${text(changes[field]?.[0]) ?? '—'} → ${text(changes[field]?.[1]) ?? '—'}`).join('; ') || null;
  }
  return null;
}

/**
 * The signed-in admin's own recent security events (the account page's Security tab): those the audit trail records
 * about their account or sessions, whoever acted (themselves, another owner, or nobody signed in for a failed sign-in).
 */
export async function securityEventRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    '/admin/security_events',
    {
      // The Security tab that a session which must enrol opens on lists them too.
      ...permit('account', 'read', { duringEnrolment: true }),
      schema: {
        tags: ['Sessions'],
        summary: 'The signed-in administrator’s recent security events, newest first',
        description: `Sign-ins (and failed ones), re-authentications, second-factor and password changes, sessions ended, and changes of the account's e-mail or role: the newest ${SECURITY_EVENTS_SHOWN}, from the audit trail.`,
        response: { 200: securityEventsAnswer },
      },
    },
    async (request) => {
      const me = sessionOf(request).admin.id;
      const changesAccount = or(...ACCOUNT_CHANGE_FIELDS.map((field) => sql`(${auditEvents.changes} -> ${field}::text) is not null`));
      const rows = await db
        .select()
        .from(auditEvents)
        .where(
          and(
            // Every account event names the admin as its entity (the sign-in's session, the factor's admin).
            inArray(auditEvents.entity, ['admin', 'session']),
            eq(auditEvents.entityId, me),
            or(inArray(auditEvents.action, ACCOUNT_SECURITY_ACTIONS), and(inArray(auditEvents.action, ACCOUNT_CHANGE_ACTIONS), changesAccount)),
          ),
        )
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(SECURITY_EVENTS_SHOWN);
      return answer(
        rows.map((row): SecurityEvent => ({
          _id: row.id,
          action: row.action as AuditAction,
          created_at: row.createdAt.toISOString(),
          ip: row.ip,
          browser: text(row.changes?.browser?.[1]),
          by: row.adminId && row.adminId !== me ? row.adminName : null,
          detail: detailOf(row),
        })),
      );
    },
  );
}
