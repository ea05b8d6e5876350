import { describe, expect, it } from 'vitest';
import { authTokens, mfaTokens, rateLimits, recordViewers, sessions, webauthnChallenges } from '../../server/db/schema';
import { pruneExpired } from '../../server/lib/pruneExpired';
import { insertAdmin, useSignedInServer } from '../helpers/testServer';

const context = useSignedInServer();
const HOUR = 3600 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

describe('pruning expired rows', () => {
  it('deletes expired sessions, tokens and sign-in challenges, finished rate-limit windows and viewers no longer seen, and keeps the live ones', async () => {
    const { db } = context.server.app;
    const { id: adminId } = await insertAdmin(context.server.app, { withPassword: false });
    await db.insert(sessions).values([
      { tokenHash: 'session-expired', adminId, expiresAt: ago(HOUR) },
      { tokenHash: 'session-live', adminId, expiresAt: ahead(HOUR) },
    ]);
    await db.insert(authTokens).values([
      { tokenHash: 'token-expired', adminId, purpose: 'reset', expiresAt: ago(1000) },
      { tokenHash: 'token-live', adminId, purpose: 'invite', expiresAt: ahead(HOUR) },
    ]);
    await db.insert(mfaTokens).values([
      { tokenHash: 'mfa-expired', adminId, expiresAt: ago(1000) },
      { tokenHash: 'mfa-live', adminId, expiresAt: ahead(HOUR) },
    ]);
    await db.insert(webauthnChallenges).values([
      { challenge: 'challenge-expired', purpose: 'signin', adminId: null, expiresAt: ago(1000) },
      { challenge: 'challenge-live', purpose: 'register', adminId, expiresAt: ahead(HOUR) },
    ]);
    await db.insert(rateLimits).values([
      { key: 'signin:old@example.com', windowStartedAt: ago(2 * HOUR), hits: 7 },
      { key: 'signin:recent@example.com', windowStartedAt: ago(60 * 1000), hits: 2 },
    ]);

    await db.insert(recordViewers).values([
      { resource: 'company', recordId: 'c1', tabId: 'tab-gone', adminId, seenAt: ago(HOUR) },
      { resource: 'company', recordId: 'c1', tabId: 'tab-here', adminId, seenAt: ago(1000) },
    ]);

    const pruned = await pruneExpired(db, 900);

    expect(pruned).toEqual({ sessions: 1, authTokens: 1, signInChallenges: 2, rateLimits: 1, recordViewers: 1 });
    expect((await db.select().from(mfaTokens)).map((row) => row.tokenHash)).toEqual(['mfa-live']);
    expect((await db.select().from(webauthnChallenges)).map((row) => row.challenge)).toEqual(['challenge-live']);
    expect((await db.select().from(recordViewers)).map((row) => row.tabId)).toEqual(['tab-here']);
    const left = {
      sessions: (await db.select().from(sessions)).map((row) => row.tokenHash),
      tokens: (await db.select().from(authTokens)).map((row) => row.tokenHash),
      limits: (await db.select().from(rateLimits)).map((row) => row.key),
    };
    expect(left.sessions).toContain('session-live');
    expect(left.sessions).not.toContain('session-expired');
    expect(left.tokens).toEqual(['token-live']);
    expect(left.limits).toContain('signin:recent@example.com');
    expect(left.limits).not.toContain('signin:old@example.com');
  });

  it('leaves the signed-in admin signed in', async () => {
    await pruneExpired(context.server.app.db, 900);
    const response = await context.me.call('GET', `/admin/${context.me.id}`);
    expect(response.json()).toMatchObject({ ok: true, data: { _id: context.me.id } });
  });
});
