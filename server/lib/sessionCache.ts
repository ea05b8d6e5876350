import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { DatabaseHandle, StopListening } from '../db/client';
import type { AdminRow } from '../db/schema';
import { describeDatabaseError } from './dbErrors';

/** Notified at the commit of any change to a session or an admin (migration 0018). */
export const SESSION_CHANGES_CHANNEL = 'session_changes';

/** A bound, since tokens come from requests. */
const MAX_SESSIONS = 10_000;
/** A safety net, not what keeps entries right (the notifications do). */
const MAX_AGE_MS = 60_000;
const RELISTEN_DELAY_MS = 1_000;

export interface LiveSession {
  admin: AdminRow;
  expiresAt: Date;
}

export interface SessionCache {
  admin(tokenHash: string, read: () => Promise<LiveSession | undefined>): Promise<AdminRow | undefined>;
  /** This process changed sessions or admins, and reads its own writes from now on. */
  forgetAll(): void;
  /** `listener` runs at each forgetting (a change heard or made here, a listener lost): open streams re-check their sessions. */
  onForget(listener: () => void): () => void;
  /** Sessions are kept only while the database's notifications are heard. */
  readonly listening: boolean;
  /** One connection hears notifications in commit order: once one's own NOTIFY is heard, so is every commit before it. */
  readonly lastNotification: string | undefined;
  /** Until it listens, and while listening fails, nothing is kept. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Admins behind recent sessions, so a protected call costs no statement to authenticate. Kept only while listening to
 * SESSION_CHANGES_CHANNEL; all dropped on a notification, on losing the listener, and at the session's expiry. On
 * PostgreSQL another server's change is heard after network delay (under a millisecond on one host; see
 * twoInstances.test.ts); this process's own changes drop the cache before it answers (forgetKeptSessions in sessions.ts).
 */
export function sessionCache(listen: DatabaseHandle['listen'], log: FastifyBaseLogger, maxAgeMs = MAX_AGE_MS): SessionCache {
  const kept = new LRUCache<string, AdminRow>({ max: MAX_SESSIONS, ttl: maxAgeMs });
  /** A read begun under an older generation is not kept: an invalidation overtook it. */
  let generation = 0;
  let lastNotification: string | undefined;
  let listening = false;
  let closed = false;
  let stop: StopListening | undefined;
  let retry: NodeJS.Timeout | undefined;
  /** Awaited by close(). */
  let attempt: Promise<void> | undefined;
  const forgetListeners = new Set<() => void>();

  const forgetAll = () => {
    generation += 1;
    kept.clear();
    for (const listener of [...forgetListeners]) listener();
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

  /** One listener at a time: a concurrent call joins the attempt under way. */
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
      // Frozen whether kept or not: calls that share an admin must never change it.
      const admin = Object.freeze(session.admin);
      const untilExpiry = session.expiresAt.getTime() - Date.now();
      if (listening && generation === since && untilExpiry > 0) kept.set(tokenHash, admin, { ttl: Math.min(maxAgeMs, untilExpiry) });
      return admin;
    },
    forgetAll,
    onForget(listener) {
      forgetListeners.add(listener);
      return () => forgetListeners.delete(listener);
    },
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
