import { lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authTokens, mfaTokens, rateLimits, recordViewers, sessions } from '../db/schema';
import { pruneChallenges } from './passkeys';
import { idleSince } from './sessions';
import { PRESENCE_WINDOW_MS } from '../../shared/catalogue/presence';

export interface PrunedRows {
  sessions: number;
  authTokens: number;
  /** The sign-in's second-step tokens and WebAuthn challenges, both a few minutes long. */
  signInChallenges: number;
  rateLimits: number;
  recordViewers: number;
}

/**
 * Expired or idle sessions, e-mailed tokens and sign-in challenges, finished rate-limit windows (one row per address and IP would pile up), and
 * viewers no longer seen (a tab closed without a word). Impersonation tokens stay: they record who logged in as whom.
 */
export async function pruneExpired(db: Database, rateLimitWindowSeconds: number, sessionIdleMinutes = Infinity): Promise<PrunedRows> {
  const now = new Date();
  // Idle-expired sessions are refused already (sessions.ts); without the setting, only lifetimes count.
  const idle = Number.isFinite(sessionIdleMinutes) ? lt(sessions.lastSeenAt, idleSince(sessionIdleMinutes, now.getTime())) : undefined;
  const [expiredSessions, expiredTokens, expiredMfaTokens, expiredChallenges, finishedWindows, goneViewers] = await Promise.all([
    db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, now), idle))
      .returning({ key: sessions.tokenHash }),
    db.delete(authTokens).where(lt(authTokens.expiresAt, now)).returning({ key: authTokens.tokenHash }),
    db.delete(mfaTokens).where(lt(mfaTokens.expiresAt, now)).returning({ key: mfaTokens.tokenHash }),
    pruneChallenges(db, now),
    db
      .delete(rateLimits)
      .where(lt(rateLimits.windowStartedAt, sql`now() - make_interval(secs => ${rateLimitWindowSeconds})`))
      .returning({ key: rateLimits.key }),
    db
      .delete(recordViewers)
      .where(lt(recordViewers.seenAt, new Date(now.getTime() - PRESENCE_WINDOW_MS)))
      .returning({ key: recordViewers.tabId }),
  ]);
  return {
    sessions: expiredSessions.length,
    authTokens: expiredTokens.length,
    signInChallenges: expiredMfaTokens.length + expiredChallenges.length,
    rateLimits: finishedWindows.length,
    recordViewers: goneViewers.length,
  };
}
