import { z } from 'zod';
import { dataAnswer } from './envelope';
import { timestamp } from './primitives';

const count = z.number().int().min(0);

/** `since`: the admin's previous visit, which the console keeps; without it, the last TODO_DEFAULT_DAYS days. */
export const dashboardTodoQuery = z.object({ since: timestamp.optional() });

/**
 * What waits for the signed-in admin, counted for them. A figure their role may not list is null (not zero): the
 * console shows it not at all.
 */
export const dashboardTodoRecord = z
  .strictObject({
    /** Pending credit requests (not expired) that another admin asked: for the roles that approve them. */
    approvals_to_decide: count.nullable(),
    /** The admin's own credit requests that ended after `since`, by outcome: for the roles that request them. */
    my_decided_requests: z.strictObject({ approved: count, rejected: count, expired: count }).nullable(),
    /** Rooms whose last message is the buyer's, with that message within the last TODO_ROOM_WINDOW_DAYS days. */
    rooms_awaiting_reply: count.nullable(),
    /** Users invited who have never signed in. */
    invited_users: count.nullable(),
    /** The instant `my_decided_requests` counts from. */
    since: timestamp,
  })
  .meta({ id: 'DashboardTodo' });
export type DashboardTodo = z.infer<typeof dashboardTodoRecord>;

export const dashboardTodoAnswer = dataAnswer(dashboardTodoRecord);
