import { BACKGROUND_CALL_HEADER } from '../../shared/catalogue/backgroundCalls';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client';
import { admins, sessions, type AdminRow } from '../db/schema';
import { AppError } from './errors';
import { hashToken, newSecretToken } from './ids';
import { reusableSelect, statements } from './preparedQueries';

export const SESSION_COOKIE = 'ap_session';
/** The scheme, one space, and URL-safe base64 only. */
const AUTHORIZATION_HEADER = /^JWT ([A-Za-z0-9_-]{1,200})$/;

/** The client a session was opened from, as its list shows it. */
interface SessionClient {
  ip: string;
  userAgent: string | undefined;
}

export async function createSession(db: Database, adminId: string, ttlHours: number, client?: SessionClient): Promise<string> {
  const token = newSecretToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    ip: client?.ip ?? null,
    userAgent: client?.userAgent?.slice(0, 500) ?? null,
    adminId,
    expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
  });
  return token;
}

/** For a session not kept in memory: prepared by name. */
const sessionQuery = reusableSelect(
  statements
    .select({ admin: admins, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1),
  'session_admin',
);

/** Sessions last used before this are idle-expired, however long their life. */
export const idleSince = (idleMinutes: number, now = Date.now()): Date => new Date(now - idleMinutes * 60_000);

/** How often a session's use is written: the idle timeout needs minutes, not each request. */
const LAST_SEEN_INTERVAL_MS = 60_000;
/** Per server (its database handle), the tokens whose use was written within the interval; bounded, since tokens come from requests. */
const recentlySeenBy = new WeakMap<Database, LRUCache<string, true>>();

function recentlySeen(db: Database): LRUCache<string, true> {
  let seen = recentlySeenBy.get(db);
  if (!seen) recentlySeenBy.set(db, (seen = new LRUCache({ max: 10_000, ttl: LAST_SEEN_INTERVAL_MS })));
  return seen;
}

/**
 * Kept by this process (sessionCache.ts), or read from the database. A kept session is honoured no longer than its idle
 * deadline as read: a use since then moved `last_seen_at`, and the next read sees it.
 */
export const findSessionAdmin = (app: FastifyInstance, token: string): Promise<AdminRow | undefined> => sessionAdmin(app, hashToken(token));

/** As findSessionAdmin, by the token's hash, and no use of the session: an open stream re-checks with it (streamSessions.ts). */
export async function sessionAdmin(app: FastifyInstance, tokenHash: string): Promise<AdminRow | undefined> {
  const idleMs = app.config.sessionIdleMinutes * 60_000;
  return app.sessionCache.admin(tokenHash, async () => {
    const now = Date.now();
    const [row] = await sessionQuery(app.db, {
      tokenHash,
      now: new Date(now).toISOString(),
      idleSince: idleSince(app.config.sessionIdleMinutes, now).toISOString(),
    });
    if (!row) return undefined;
    // A use written lately (the sign-in, another server) needs no write of this one's until the interval is over.
    const sinceSeen = now - row.lastSeenAt.getTime();
    if (sinceSeen < LAST_SEEN_INTERVAL_MS) recentlySeen(app.db).set(tokenHash, true, { ttl: LAST_SEEN_INTERVAL_MS - sinceSeen });
    return { admin: row.admin, expiresAt: new Date(Math.min(row.expiresAt.getTime(), row.lastSeenAt.getTime() + idleMs)) };
  });
}

/** Moves `last_seen_at`, at most once an interval per session and server; no cache hears of it (migration 0024). */
async function noteUse(db: Database, tokenHash: string): Promise<void> {
  const seen = recentlySeen(db);
  if (seen.has(tokenHash)) return;
  seen.set(tokenHash, true);
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.tokenHash, tokenHash));
}

/** Ends the admin's sessions but the one that makes the call; answers the ended ones' public ids. */
export const revokeOtherSessions = (db: Database, adminId: string, keptTokenHash: string) =>
  db
    .delete(sessions)
    .where(and(eq(sessions.adminId, adminId), ne(sessions.tokenHash, keptTokenHash)))
    .returning({ id: sessions.id });

export async function revokeSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** The token is opaque; only the scheme is named JWT. */
export function tokenFromHeader(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header ? AUTHORIZATION_HEADER.exec(header)?.[1] : undefined;
}

export function setSessionCookie(reply: FastifyReply, token: string, options: { secure: boolean; ttlHours: number }): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: '/',
    maxAge: options.ttlHours * 3600,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** onRequest hook for everything behind sign-in. */
export async function requireSession(request: FastifyRequest): Promise<void> {
  const token = tokenFromHeader(request);
  // Hashed once per call: the lookup, the use and the routes that name the current session all take the hash.
  const tokenHash = token ? hashToken(token) : undefined;
  const admin = tokenHash ? await sessionAdmin(request.server, tokenHash) : undefined;
  if (!token || !tokenHash || !admin) throw new AppError(401, 'UNAUTHORIZED');
  // A record page's heartbeat, or a call the console makes on a timer, is no sign of the admin: an open page would otherwise never go idle.
  const background = request.routeOptions.config.permission?.resource === 'presence' || request.headers[BACKGROUND_CALL_HEADER.toLowerCase()] === '1';
  if (!background) await noteUse(request.server.db, tokenHash);
  request.session = { admin, token, tokenHash };
}

export function sessionOf(request: FastifyRequest): { admin: AdminRow; token: string; tokenHash: string } {
  if (!request.session) throw new AppError(401, 'UNAUTHORIZED');
  return request.session;
}

/**
 * onSend of the routes that change sessions or admins: this process drops its kept sessions before answering, so the
 * caller's next call reads the change; other servers hear of it from the database (sessionCache.ts).
 */
export async function forgetKeptSessions(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (reply.statusCode < 400) request.server.sessionCache.forgetAll();
}
