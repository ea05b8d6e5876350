import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authTokens, rateLimits, recordViewers, sessions } from '../db/schema';
import { PRESENCE_WINDOW_MS } from '../../shared/catalogue/presence';

export interface PrunedRows {
  sessions: number;
  authTokens: number;
  rateLimits: number;
  recordViewers: number;
}

/**
 * Expired sessions and e-mailed tokens, finished rate-limit windows (one row per address and IP would pile up), and
 * viewers no longer seen (a tab closed without a word). Impersonation tokens stay: they record who logged in as whom.
 */
export async function pruneExpired(db: Database, rateLimitWindowSeconds: number): Promise<PrunedRows> {
  const now = new Date();
  const [expiredSessions, expiredTokens, finishedWindows, goneViewers] = await Promise.all([
    db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ key: sessions.tokenHash }),
    db.delete(authTokens).where(lt(authTokens.expiresAt, now)).returning({ key: authTokens.tokenHash }),
    db
      .delete(rateLimits)
      .where(lt(rateLimits.windowStartedAt, sql`now() - make_interval(secs => ${rateLimitWindowSeconds})`))
      .returning({ key: rateLimits.key }),
    db
      .delete(recordViewers)
      .where(lt(recordViewers.seenAt, new Date(now.getTime() - PRESENCE_WINDOW_MS)))
      .returning({ key: recordViewers.tabId }),
  ]);
  return { sessions: expiredSessions.length, authTokens: expiredTokens.length, rateLimits: finishedWindows.length, recordViewers: goneViewers.length };
}
