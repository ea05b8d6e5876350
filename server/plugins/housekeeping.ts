import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { authTokens, rateLimits, sessions } from '../db/schema';

const PRUNE_PERIOD_MS = 60 * 60 * 1000;

export interface PrunedRows {
  sessions: number;
  authTokens: number;
  rateLimits: number;
}

/**
 * Deletes what can no longer be used: expired sessions, expired e-mailed tokens, and rate-limit counters
 * whose window is over (one row per address and IP would otherwise pile up). Impersonation tokens stay:
 * they are the record of who logged in as whom.
 */
export async function pruneExpired(db: Database, rateLimitWindowSeconds: number): Promise<PrunedRows> {
  const now = new Date();
  const [expiredSessions, expiredTokens, finishedWindows] = await Promise.all([
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ key: sessions.tokenHash }),
    db.delete(authTokens).where(lt(authTokens.expiresAt, now)).returning({ key: authTokens.tokenHash }),
    db
      .delete(rateLimits)
      .where(lt(rateLimits.windowStartedAt, sql`now() - make_interval(secs => ${rateLimitWindowSeconds})`))
      .returning({ key: rateLimits.key }),
  ]);
  return { sessions: expiredSessions.length, authTokens: expiredTokens.length, rateLimits: finishedWindows.length };
}

/** Prunes at start and then hourly; any process may do it, deletes are idempotent. */
export function registerHousekeeping(app: FastifyInstance): void {
  const prune = async () => {
    try {
      const pruned = await pruneExpired(app.db, app.config.authRateLimit.windowSeconds);
      app.log.debug(pruned, 'expired rows pruned');
    } catch (error) {
      app.log.error({ err: error }, 'pruning expired rows failed');
    }
  };
  const timer = setInterval(() => void prune(), PRUNE_PERIOD_MS);
  timer.unref();
  app.addHook('onReady', prune);
  app.addHook('onClose', async () => clearInterval(timer));
}
