import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { DatabaseHandle, StopListening } from '../db/client';
import type { AdminRow } from '../db/schema';
import { describeDatabaseError } from './dbErrors';

/** Notified at the commit of any statement that changes or removes a session or an admin (migration 0018). */
export const SESSION_CHANGES_CHANNEL = 'session_changes';

/** Sessions kept at most: a bound, since tokens come from requests. */
const MAX_SESSIONS = 10_000;
/** No entry outlives this, whatever the notifications: a safety net, not what keeps entries right. */
const MAX_AGE_MS = 60_000;
/** Wait before listening again after the listening connection was lost or could not open. */
const RELISTEN_DELAY_MS = 1_000;

export interface LiveSession {
  admin: AdminRow;
  expiresAt: Date;
}

export interface SessionCache {
  /** The admin of the live session whose token hashes to `tokenHash`: kept, or `read` from the database. */
  admin(tokenHash: string, read: () => Promise<LiveSession | undefined>): Promise<AdminRow | undefined>;
  /** Drops every kept session: this process changed sessions or admins, and reads its own writes from now on. */
  forgetAll(): void;
  /** Whether sessions are kept: only while the database's notifications are heard. */
  readonly listening: boolean;
  /** The payload of the last notification heard: one connection hears them in commit order, so once a NOTIFY of one's own is heard, so is every commit before it. */
  readonly lastNotification: string | undefined;
  /** Starts listening (the server is ready); until then, and while listening fails, nothing is kept. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The admins behind recently used sessions, kept by this process so that a protected call costs no statement to
 * authenticate. Entries are kept only while this process listens to SESSION_CHANGES_CHANNEL, and all are dropped
 * when it speaks, when listening is lost (until it is back), and at the session's expiry. A read that an
 * invalidation overtook is answered but not kept. On PGlite the notification arrives with the writing statement's
 * own result; on PostgreSQL, on another connection: a server accepts a session another one ended until it hears of
 * that commit (network and event-loop delay, under a millisecond on one host; the two-instance test waits for it),
 * while its own changes drop what it keeps before it answers (forgetKeptSessions in sessions.ts).
 */
export function sessionCache(listen: DatabaseHandle['listen'], log: FastifyBaseLogger, maxAgeMs = MAX_AGE_MS): SessionCache {
  const kept = new LRUCache<string, AdminRow>({ max: MAX_SESSIONS, ttl: maxAgeMs });
  /** Moves on with every invalidation: a read that began under an older one is not kept. */
  let generation = 0;
  let lastNotification: string | undefined;
  let listening = false;
  let closed = false;
  let stop: StopListening | undefined;
  let retry: NodeJS.Timeout | undefined;
  /** The attempt to listen under way, which close() waits for. */
  let attempt: Promise<void> | undefined;

  const forgetAll = () => {
    generation += 1;
    kept.clear();
  };

  const onNotification = (payload: string) => {
    lastNotification = payload;
    forgetAll();
  };

  const relistenLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void startListening();
    }, RELISTEN_DELAY_MS);
    retry.unref();
  };

  const onLost = (error: Error) => {
    listening = false;
    stop = undefined;
    forgetAll();
    log.warn(`session cache: listening connection lost (${describeDatabaseError(error)}), sessions are read from the database until it is back`);
    relistenLater();
  };

  /** One listener at a time: a call while one listens, or tries to, joins it. */
  const startListening = (): Promise<void> => {
    if (listening) return Promise.resolve();
    attempt ??= listenOnce().finally(() => (attempt = undefined));
    return attempt;
  };

  async function listenOnce(): Promise<void> {
    if (closed) return;
    try {
      const stopListening = await listen(SESSION_CHANGES_CHANNEL, onNotification, onLost);
      if (closed) return await stopListening();
      stop = stopListening;
      // Whatever changed before the LISTEN took effect was not heard: reads begun before it are not kept.
      forgetAll();
      listening = true;
    } catch (error) {
      log.warn(`session cache: cannot listen (${describeDatabaseError(error)}), sessions are read from the database meanwhile`);
      relistenLater();
    }
  }

  return {
    async admin(tokenHash, read) {
      const hit = kept.get(tokenHash);
      if (hit) return hit;
      const since = generation;
      const session = await read();
      if (!session) return undefined;
      // Frozen whether kept or not: an admin that calls share must never be changed by one of them.
      const admin = Object.freeze(session.admin);
      const untilExpiry = session.expiresAt.getTime() - Date.now();
      if (listening && generation === since && untilExpiry > 0) kept.set(tokenHash, admin, { ttl: Math.min(maxAgeMs, untilExpiry) });
      return admin;
    },
    forgetAll,
    get listening() {
      return listening;
    },
    get lastNotification() {
      return lastNotification;
    },
    start: startListening,
    async close() {
      closed = true;
      clearTimeout(retry);
      retry = undefined;
      await attempt;
      listening = false;
      forgetAll();
      await stop?.();
      stop = undefined;
    },
  };
}
