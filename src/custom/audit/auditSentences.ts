import { AUDIT_ENTITY_LABELS, type AuditAction } from '../../../shared/catalogue/audit';
import { formatFrenchLongDate, formatShortDateTime } from '../../../shared/catalogue/dates';
import { companyFields } from '../../../shared/entities/companies';
import { enumLabel, numberLabel, type FieldDeclaration } from '../../../shared/entities/fields';
import { declaredEntities } from '../../../shared/entities';
import type { AuditEventRecord } from '../../providers/records';
import { BALANCE_SOURCE, formatCredit } from '../product';
import { formatAuditValue, recordRoute } from './auditFormat';

/** A value of a sentence: its text, and the page it links to when it names a record that has one. */
export interface AuditValue {
  text: string;
  to?: string;
}

/** One changed field: its label, and its value before → after (only one of them when the other adds nothing). */
export interface AuditChange {
  field: string;
  label: string;
  before?: AuditValue;
  after?: AuditValue;
}

type AuditEventLike = Pick<AuditEventRecord, 'action' | 'entity' | 'entity_id' | 'exists' | 'changes'> & { entity_name?: string | null };

const EMPTY: AuditValue = { text: formatAuditValue(null) };

/** Pages of the records another record's field may name (a reference's target). */
const PAGES: Readonly<Record<string, string>> = { admin: '/admin', user: '/user', company: '/company', offer: '/offer', need: '/need' };

/** The keys an event's changes carry besides its record's fields (the credits' four eyes, comments, sessions, exports). */
const LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  amount: 'Amount',
  reason: 'Reason',
  decision_reason: 'Decision reason',
  status: 'Status',
  credit_request: 'Request',
  comment: 'Comment',
  comments: 'Comments',
  sync_job: 'Sync job',
  sync_jobs: 'Sync jobs',
  browser: 'Browser',
  method: 'Method',
  email: 'Email',
  session: 'Session',
  sessions: 'Sessions',
  expires_at: 'Expires',
  files: 'Files',
  created_at: 'Created',
  search: 'Search',
};

const STATUS_LABELS: Readonly<Record<string, string>> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', expired: 'Expired' };

/** The values of these keys add to what happened (why, which request, from which browser): said alone, never as '— → value'. */
const NOTES: ReadonlySet<string> = new Set(['reason', 'decision_reason', 'credit_request', 'comment', 'sync_job']);

/** Actions that change values: a value set where there was none reads '— → value'. Others (a creation, a deletion, a sign-in) state their values. */
const CHANGES_VALUES: ReadonlySet<AuditAction> = new Set<AuditAction>([
  'update',
  'overwrite',
  'credit_adjustment',
  'credit_approval',
  'credit_rejection',
  'credit_request_expiry',
  'sync',
  'session_revoke',
]);

const fieldsOf = (entity: string): Readonly<Record<string, FieldDeclaration>> =>
  entity === 'company' ? companyFields.fields : (declaredEntities.find((declared) => declared.name === entity)?.fields ?? {});

/** `credit_balance` → `Credit balance`, for a key no label names. */
const humanized = (key: string): string => {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const isEmpty = (value: unknown): boolean => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

const counted = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

const isBalance = (field: string): boolean => field === BALANCE_SOURCE || field.endsWith('_balance');

/** A comment as its text, with its author when the event kept it. */
function commentText(value: unknown): string {
  if (typeof value === 'string') return `“${value}”`;
  if (value && typeof value === 'object' && 'text' in value) {
    const { text, user_name: author } = value as { text?: unknown; user_name?: unknown };
    const said = formatAuditValue(typeof text === 'string' ? `“${text}”` : text);
    return typeof author === 'string' && author ? `${said} by ${author}` : said;
  }
  return formatAuditValue(value);
}

/** A value as the record's screens show it: credits, dates, a choice's label, yes or no, a linked record's name. */
function valueOf(event: AuditEventLike, field: string, value: unknown, side: 0 | 1): AuditValue {
  // One session ended from the sessions list: its id says nothing.
  if (field === 'session' && event.entity === 'session') return { text: isEmpty(value) ? 'Ended' : 'Open' };
  if (isEmpty(value)) return EMPTY;
  const changes = event.changes ?? {};
  if (isBalance(field) || (field === 'amount' && typeof value === 'number')) return { text: formatCredit(Number(value)) };
  if (field === 'comment') return { text: commentText(value) };
  if (field === 'comments' && Array.isArray(value)) return { text: counted(value.length, 'comment', 'comments') };
  if (field === 'sync_jobs' && Array.isArray(value)) return { text: counted(value.length, 'sync job', 'sync jobs') };
  if (field === 'credit_request' && typeof value === 'string') return { text: 'View in Approvals', to: '/approvals' };
  if (field === 'status' && typeof value === 'string' && event.entity === 'company') return { text: STATUS_LABELS[value] ?? value };
  const declaration = fieldsOf(event.entity)[field];
  switch (declaration?.type) {
    case 'enum':
      return { text: enumLabel(declaration, String(value)) };
    case 'boolean':
      return { text: value === true ? 'Yes' : value === false ? 'No' : formatAuditValue(value) };
    case 'timestamp':
      return { text: formatShortDateTime(String(value)) || formatAuditValue(value) };
    case 'date':
      return { text: formatFrenchLongDate(String(value)) || formatAuditValue(value) };
    case 'files':
      return { text: Array.isArray(value) ? counted(value.length, 'file', 'files') : formatAuditValue(value) };
    case 'integer':
    case 'credits':
      return { text: typeof value === 'number' ? numberLabel(declaration, value) : formatAuditValue(value) };
    case 'reference': {
      const name = changes[declaration.nameKey]?.[side];
      const page = PAGES[declaration.to];
      const text = formatAuditValue(typeof name === 'string' && name ? name : value);
      return page && typeof value === 'string' ? { text, to: `${page}/${encodeURIComponent(value)}` } : { text };
    }
    default:
  }
  if (field === 'created_at' && typeof value === 'string') return { text: (event.entity === 'company' ? formatFrenchLongDate : formatShortDateTime)(value) };
  if (field.endsWith('_at') && typeof value === 'string') return { text: formatShortDateTime(value) || formatAuditValue(value) };
  if (field === 'files' && Array.isArray(value)) return { text: counted(value.length, 'file', 'files') };
  if (typeof value === 'boolean') return { text: value ? 'Yes' : 'No' };
  return { text: formatAuditValue(value) };
}

/** The keys a reference's value already names (`organisation_name` beside `organisation_id`): not lines of their own. */
function namesOfReferences(event: AuditEventLike): Set<string> {
  const fields = fieldsOf(event.entity);
  return new Set(
    Object.keys(event.changes ?? {}).flatMap((field) => {
      const declaration = fields[field];
      return declaration?.type === 'reference' ? [declaration.nameKey] : [];
    }),
  );
}

/** A field's label: its declaration's, else the trail's own keys', else the key in words. */
export function auditFieldLabel(entity: string, field: string): string {
  if (isBalance(field)) return 'Balance';
  return fieldsOf(entity)[field]?.label ?? LABELS[field] ?? humanized(field);
}

/** The event's changes as sentences, in the order the server gave them. */
export function auditChanges(event: AuditEventLike): AuditChange[] {
  const hidden = namesOfReferences(event);
  return Object.entries(event.changes ?? {}).flatMap(([field, [before, after]]): AuditChange[] => {
    // The record's own id says nothing its subject does not; a reference's name is said by the reference.
    if (hidden.has(field) || field === '_id' || field === 'id') return [];
    const label = auditFieldLabel(event.entity, field);
    const [from, to] = [valueOf(event, field, before, 0), valueOf(event, field, after, 1)];
    if (isEmpty(before) && isEmpty(after)) return [];
    // A note, a value stated by a creation or a removal: the value alone.
    if (isEmpty(before) && (NOTES.has(field) || !CHANGES_VALUES.has(event.action))) return [{ field, label, after: to }];
    if (isEmpty(after) && !CHANGES_VALUES.has(event.action)) return [{ field, label, before: from }];
    return [{ field, label, before: from, after: to }];
  });
}

/** What an event's sentence says of a session: it opened, it closed, or whose sessions ended. */
const SESSION_WORDS: Partial<Record<AuditAction, string>> = { sign_in: 'Signed in', sign_out: 'Signed out', session_revoke: 'Sessions of' };

export interface AuditSubject {
  /** The entity's label, or what happened to a session. */
  lead: string;
  /** The record's name (or its id when the event kept no name), linked while the record exists and has a page. */
  name?: AuditValue;
  deleted: boolean;
}

/** Who or what the event is about, named as it was then. */
export function auditSubject(event: AuditEventLike): AuditSubject {
  const name = event.entity_name ?? undefined;
  if (event.entity === 'session') {
    const lead = SESSION_WORDS[event.action] ?? AUDIT_ENTITY_LABELS.session;
    // A session's events are about its admin (the id is theirs): whose sessions were ended is named.
    if (event.action === 'session_revoke' && event.entity_id)
      return { lead, name: { text: name ?? event.entity_id, to: `/admin/${encodeURIComponent(event.entity_id)}` }, deleted: false };
    return { lead, deleted: false };
  }
  const lead = AUDIT_ENTITY_LABELS[event.entity] ?? event.entity;
  if (!event.entity_id) return { lead, deleted: false };
  return {
    lead,
    name: { text: name ?? event.entity_id, to: recordRoute(event) },
    deleted: !event.exists && recordRoute({ ...event, exists: true }) !== undefined,
  };
}
