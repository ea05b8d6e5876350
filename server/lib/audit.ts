import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditEntity } from '../../shared/catalogue/audit';
import type { Database } from '../db/client';
import { auditEvents } from '../db/schema';
import { newId } from './ids';
import { entityNameOf } from './auditNames';
import { isPresenceResource } from '../../shared/catalogue/presence';
import { notifyRecord } from './recordActivity';
import { browserName } from './browserName';
import { ACCOUNT_SECURITY_ACTIONS } from '../../shared/catalogue/securityEvents';

export type FieldChanges = Record<string, [unknown, unknown]>;

const SECRET_FIELD = /password|token|hash|secret/i;

/** Pass the contract's views (DTOs), which never hold a secret; secret-looking names are dropped regardless. */
export function changedFields(before: object | null, after: object | null): FieldChanges {
  const changes: FieldChanges = {};
  const previous = (before ?? {}) as Record<string, unknown>;
  const next = (after ?? {}) as Record<string, unknown>;
  for (const field of new Set([...Object.keys(previous), ...Object.keys(next)])) {
    // The version moves with every change (docs/concurrency.md): bookkeeping, not a field anyone changed.
    if (SECRET_FIELD.test(field) || field === 'version') continue;
    const [from, to] = [previous[field] ?? null, next[field] ?? null];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = [from, to];
  }
  return changes;
}

export interface AuditEvent {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | null;
  changes?: FieldChanges | null;
  /** When not the request's signed-in admin (sign-in, a reset link). */
  actor?: { id: string; name: string } | null;
}

/** Saves of a record whose page may be open: its viewers are told (docs/concurrency.md). */
const SAVES: ReadonlySet<AuditAction> = new Set<AuditAction>(['update', 'overwrite', 'credit_adjustment', 'credit_approval', 'comment', 'comment_delete']);

/**
 * Call it in the change's transaction. Saves also notify the servers on commit: every change is audited, so no route
 * can forget to.
 */
export async function recordAudit(db: Database, request: FastifyRequest, event: AuditEvent): Promise<void> {
  const actor = event.actor === undefined ? request.session?.admin : event.actor;
  // A form saved unchanged is no news to the record's viewers.
  const changedSomething = event.changes === undefined || Object.keys(event.changes ?? {}).length > 0;
  if (event.entityId && isPresenceResource(event.entity) && SAVES.has(event.action) && changedSomething) {
    await notifyRecord(db, { resource: event.entity, id: event.entityId, kind: 'saved', admin_id: actor?.id ?? null, name: actor?.name ?? null });
  }
  await insertEvent(db, withBrowser(event, request), actor ?? null, { ip: request.ip, requestId: request.id });
}

const ACCOUNT_ACTIONS: ReadonlySet<AuditAction> = new Set<AuditAction>(ACCOUNT_SECURITY_ACTIONS);

/** The account's own events keep the browser they came from (its short name, never the raw header), as its Security tab lists them. */
function withBrowser(event: AuditEvent, request: FastifyRequest): AuditEvent {
  const userAgent = request.headers['user-agent'];
  if (!userAgent || !ACCOUNT_ACTIONS.has(event.action)) return event;
  return { ...event, changes: { ...event.changes, browser: [null, browserName(userAgent)] } };
}

/** A change the server made by itself (housekeeping): no admin, no client address, no request id. */
export async function recordUnattendedAudit(db: Database, event: Omit<AuditEvent, 'actor'>): Promise<void> {
  await insertEvent(db, event, null, { ip: null, requestId: null });
}

async function insertEvent(
  db: Database,
  event: AuditEvent,
  actor: { id: string; name: string } | null,
  origin: { ip: string | null; requestId: string | null },
) {
  await db.insert(auditEvents).values({
    id: newId(),
    adminId: actor?.id ?? null,
    adminName: actor?.name ?? null,
    action: event.action,
    entity: event.entity,
    entityId: event.entityId ?? null,
    // Kept as it is now: the trail names the record after its deletion or a rename.
    entityName: await entityNameOf(db, event.entity, event.entityId, event.changes),
    changes: event.changes && Object.keys(event.changes).length ? event.changes : null,
    ...origin,
  });
}
