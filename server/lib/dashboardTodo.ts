import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { may, type Role } from '../../shared/catalogue/permissions';
import type { DashboardTodo } from '../../shared/contract/dashboardTodo';
import type { Database } from '../db/client';

/** Without the admin's previous visit, their requests decided within these last days. */
export const TODO_DEFAULT_DAYS = 7;
/**
 * A room awaits a reply when its last message is the buyer's; only rooms active within these last days are counted, so
 * that the figure reads the rooms' activity index (rooms_last_activity_idx) instead of every room, and a conversation
 * abandoned months ago is not work for today.
 */
export const TODO_ROOM_WINDOW_DAYS = 30;

/** The condition of a room awaiting a reply (the to-do's figure and the rooms list's filter alike), over its id and last activity. */
export const awaitingReply = (roomId: SQLWrapper, lastActivityAt: SQLWrapper): SQL =>
  sql`(${lastActivityAt} > now() - make_interval(days => ${sql.raw(String(TODO_ROOM_WINDOW_DAYS))})
       AND (SELECT m.sender_role FROM room_messages m WHERE m.room_id = ${roomId} ORDER BY m.created_at DESC, m.id DESC LIMIT 1) = 'buyer')`;

/** The condition of a user invited who never signed in (the to-do's figure and the users list's filter alike). */
export const invitedNotSignedIn = (invited: SQLWrapper, lastLoginAt: SQLWrapper): SQL => sql`(${invited} AND ${lastLoginAt} IS NULL)`;

type Numeric = number | string | null;
interface TodoRow {
  approvals: Numeric;
  approved: Numeric;
  rejected: Numeric;
  expired: Numeric;
  rooms: Numeric;
  invited: Numeric;
}

const NONE = sql`NULL::int`;
const counted = (allowed: boolean, query: SQL): SQL => (allowed ? sql`(${query})` : NONE);
const figure = (value: Numeric): number | null => (value === null ? null : Number(value));

/** What the to-do shows to a role: each figure only where the role may list what it counts (shared/catalogue/permissions.ts). */
export const todoFiguresOf = (role: Role) => ({
  approvals: may(role, 'credit_request', 'approve'),
  mine: may(role, 'credit_entry', 'request') && may(role, 'credit_request', 'list'),
  rooms: may(role, 'message', 'list'),
  invited: may(role, 'user', 'list'),
});

/** One statement: every figure the role may see, the others null. */
export async function dashboardTodo(db: Database, admin: { id: string; role: Role }, since: Date): Promise<DashboardTodo> {
  const shown = todoFiguresOf(admin.role);
  const from = sql`${since.toISOString()}::timestamptz`;
  const mine = (outcome: SQL) => counted(shown.mine, sql`SELECT count(*) FROM credit_requests WHERE requested_by_id = ${admin.id} AND ${outcome}`);
  const result = (await db.execute(sql`
    SELECT
      ${counted(
        shown.approvals,
        sql`SELECT count(*) FROM credit_requests WHERE status = 'pending' AND expires_at > now() AND requested_by_id <> ${admin.id}`,
      )} AS approvals,
      ${mine(sql`status = 'approved' AND decided_at > ${from}`)} AS approved,
      ${mine(sql`status = 'rejected' AND decided_at > ${from}`)} AS rejected,
      ${mine(sql`(status = 'expired' OR status = 'pending') AND expires_at <= now() AND expires_at > ${from}`)} AS expired,
      ${counted(shown.rooms, sql`SELECT count(*) FROM rooms r WHERE ${awaitingReply(sql`r.id`, sql`r.last_activity_at`)}`)} AS rooms,
      ${counted(shown.invited, sql`SELECT count(*) FROM users WHERE ${invitedNotSignedIn(sql`invited`, sql`last_login_at`)}`)} AS invited`)) as unknown as {
    rows: TodoRow[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('dashboard to-do query returned no row');
  return {
    approvals_to_decide: figure(row.approvals),
    my_decided_requests: shown.mine ? { approved: Number(row.approved), rejected: Number(row.rejected), expired: Number(row.expired) } : null,
    rooms_awaiting_reply: figure(row.rooms),
    invited_users: figure(row.invited),
    since: since.toISOString(),
  };
}
