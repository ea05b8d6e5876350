import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { admins, sessions, type AdminRow } from '../db/schema';
import { AppError } from './errors';
import { hashToken, newSecretToken } from './ids';
import { reusableSelect, statements } from './preparedQueries';

export const SESSION_COOKIE = 'ap_session';
/** The scheme, one space, and URL-safe base64 only. */
const AUTHORIZATION_HEADER = /^JWT ([A-Za-z0-9_-]{1,200})$/;

/** The client a session was opened from, as its list shows it. */
export interface SessionClient {
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
    .select({ admin: admins, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1),
  'session_admin',
);

/** Kept by this process (sessionCache.ts), or read from the database. */
export async function findSessionAdmin(app: FastifyInstance, token: string): Promise<AdminRow | undefined> {
  const tokenHash = hashToken(token);
  return app.sessionCache.admin(tokenHash, async () => {
    const [row] = await sessionQuery(app.db, { tokenHash, now: new Date().toISOString() });
    return row;
  });
}

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
  const admin = token ? await findSessionAdmin(request.server, token) : undefined;
  if (!token || !admin) throw new AppError(401, 'UNAUTHORIZED');
  request.session = { admin, token };
}

export function sessionOf(request: FastifyRequest): { admin: AdminRow; token: string } {
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
