/**
 * Sent by the console on a call it makes on a timer (the approvers' pending count): no sign of the admin, so it moves
 * neither the session's idle clock (server/lib/sessions.ts) nor the console's (src/providers/activity.ts).
 */
export const BACKGROUND_CALL_HEADER = 'X-Background-Call';
