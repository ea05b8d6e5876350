import type { AuditEntity } from '../../../shared/catalogue/audit';
import type { AuditEventRecord } from '../../providers/records';

const EMPTY_VALUE = '—';
const LONGEST_VALUE = 120;

/** A value of a changed field as one short line: empty as '—', objects as JSON, long ones cut with '…'. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > LONGEST_VALUE ? `${text.slice(0, LONGEST_VALUE - 1)}…` : text;
}

const RECORD_ROUTES: Partial<Record<AuditEntity, string>> = {
  admin: '/admin',
  user: '/user',
  company: '/company',
  offer: '/offer',
  need: '/need',
  room: '/message',
};

/** The page of the event's record, only while that record still exists. */
export function recordRoute(event: Pick<AuditEventRecord, 'entity' | 'entity_id' | 'exists'>): string | undefined {
  const base = RECORD_ROUTES[event.entity];
  if (!base || !event.entity_id || !event.exists) return undefined;
  return `${base}/${encodeURIComponent(event.entity_id)}`;
}
