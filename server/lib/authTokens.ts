import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authTokens } from '../db/schema';
import { hashToken, newSecretToken } from './ids';

export type AuthTokenPurpose = 'reset' | 'invite';

export const LIFETIME_MS: Record<AuthTokenPurpose, number> = {
  reset: 60 * 60 * 1000,
  invite: 7 * 24 * 60 * 60 * 1000,
};

export async function issueAuthToken(db: Database, adminId: string, purpose: AuthTokenPurpose): Promise<string> {
  const token = newSecretToken();
  await db.insert(authTokens).values({
    tokenHash: hashToken(token),
    adminId,
    purpose,
    expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]),
  });
  return token;
}

/** One statement, so that two requests racing with the same link cannot both succeed. */
export async function consumeAuthToken(db: Database, token: string): Promise<string | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.tokenHash, hashToken(token)), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())))
    .returning({ adminId: authTokens.adminId });
  return row?.adminId;
}

/** Without using it up. */
export async function findLiveAuthToken(db: Database, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ adminId: authTokens.adminId })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())))
    .limit(1);
  return row?.adminId;
}

/** After a password reset or change, or an e-mail change. */
export async function revokeAuthTokens(db: Database, adminId: string): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.adminId, adminId), isNull(authTokens.usedAt)));
}

export const passwordLink = (consoleUrl: string, token: string): string => `${consoleUrl}/auth/reset?token=${encodeURIComponent(token)}`;

/** A PostgreSQL pattern whose group is the token of a `passwordLink` in a text (base64url, which encodeURIComponent keeps as is). */
export const PASSWORD_LINK_TOKEN = '/auth/reset\\?token=([A-Za-z0-9_-]+)';
