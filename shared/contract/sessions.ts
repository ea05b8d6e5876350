import { z } from 'zod';
import { idSchema, timestamp } from './primitives';

/** One live session as its list shows it: never its token nor the token's hash. */
export const adminSession = z
  .strictObject({
    _id: idSchema,
    created_at: timestamp,
    /** Moves with use, at most about once a minute. */
    last_seen_at: timestamp,
    /** The client address at sign-in. */
    ip: z.string().nullable(),
    /** Read from the user agent at sign-in, e.g. 'Chrome 131 on Linux'. */
    browser: z.string(),
    /** The session this call came with. */
    current: z.boolean(),
  })
  .meta({ id: 'AdminSession' });
export type AdminSession = z.infer<typeof adminSession>;

/** Most recently used first; `idle_minutes` is the server's idle timeout, so that the console can warn before it. */
export const sessionsAnswer = z
  .strictObject({ ok: z.literal(true), data: z.array(adminSession), idle_minutes: z.number().int().positive() })
  .meta({ id: 'AdminSessions' });
export type SessionsAnswer = z.infer<typeof sessionsAnswer>;

/** `DELETE /admin/sessions/{id}`. */
export const ownSessionParams = z.object({ id: idSchema });
/** `GET /admin/{id}/sessions`. */
export const adminSessionsParams = z.object({ id: idSchema });
/** `DELETE /admin/{id}/sessions/{session_id}`. */
export const adminSessionParams = z.object({ id: idSchema, session_id: idSchema });

export const sessionsRevoked = z.strictObject({ ok: z.literal(true), revoked: z.number().int().nonnegative() }).meta({ id: 'SessionsRevoked' });
