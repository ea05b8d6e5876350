import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/client';
import { admins, sessions } from '../db/schema';
import { done } from '../lib/answers';
import { recordAudit } from '../lib/audit';
import { browserName } from '../lib/browserName';
import { AppError } from '../lib/errors';
import { permit } from '../lib/permissions';
import { clearSessionCookie, forgetKeptSessions, idleSince, revokeOtherSessions, sessionOf } from '../lib/sessions';
import { okAnswer } from '../../shared/contract/envelope';
import { adminSessionParams, adminSessionsParams, ownSessionParams, sessionsAnswer, sessionsRevoked, type AdminSession } from '../../shared/contract/sessions';

/** The sessions list of issue 32: one's own, and an owner's view of any admin's. */
export async function sessionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const tags = ['Sessions'];
  const live = (adminId: string) =>
    and(eq(sessions.adminId, adminId), gt(sessions.expiresAt, new Date()), gt(sessions.lastSeenAt, idleSince(config.sessionIdleMinutes)));

  async function listOf(request: FastifyRequest, adminId: string) {
    const currentHash = sessionOf(request).tokenHash;
    const rows = await db.select().from(sessions).where(live(adminId)).orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
    const data = rows.map((row): AdminSession => ({
      _id: row.id,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
      ip: row.ip,
      browser: browserName(row.userAgent),
      current: row.tokenHash === currentHash,
    }));
    return { ok: true as const, data, idle_minutes: config.sessionIdleMinutes };
  }

  /** Deleting notifies every server's session cache (migration 0024); this one drops its own in onSend. */
  async function revoke(request: FastifyRequest, reply: FastifyReply, adminId: string, sessionId: string): Promise<void> {
    const currentHash = sessionOf(request).tokenHash;
    const ended = await db.transaction(async (tx: Database) => {
      const [row] = await tx
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.adminId, adminId)))
        .returning({ tokenHash: sessions.tokenHash });
      if (row) await recordAudit(tx, request, { action: 'session_revoke', entity: 'session', entityId: adminId, changes: { session: [sessionId, null] } });
      return row;
    });
    if (!ended) throw new AppError(404, 'NOT_FOUND');
    // Ending the session this call came with is a sign-out.
    if (ended.tokenHash === currentHash) clearSessionCookie(reply);
  }

  async function assertAdminExists(id: string): Promise<void> {
    const [found] = await db.select({ id: admins.id }).from(admins).where(eq(admins.id, id)).limit(1);
    if (!found) throw new AppError(404, 'NOT_FOUND');
  }

  app.get(
    '/admin/sessions',
    {
      // The Security tab that a session which must enrol opens on lists them too.
      ...permit('account', 'read', { duringEnrolment: true }),
      schema: { tags, summary: 'The signed-in administrator’s live sessions, most recently used first', response: { 200: sessionsAnswer } },
    },
    (request) => listOf(request, sessionOf(request).admin.id),
  );

  app.delete(
    '/admin/sessions/:id',
    {
      ...permit('account', 'update'),
      onSend: forgetKeptSessions,
      schema: {
        tags,
        summary: 'End one of the signed-in administrator’s sessions',
        description: 'Its token is refused at once on every server. Ending the current session signs out, like `POST /admin/logout`.',
        params: ownSessionParams,
        response: { 200: okAnswer },
      },
    },
    async (request, reply) => {
      await revoke(request, reply, sessionOf(request).admin.id, request.params.id);
      return done();
    },
  );

  app.post(
    '/admin/sessions/revoke_others',
    {
      ...permit('account', 'update'),
      onSend: forgetKeptSessions,
      schema: { tags, summary: 'End every session of the signed-in administrator but this one', response: { 200: sessionsRevoked } },
    },
    async (request) => {
      const { admin, tokenHash } = sessionOf(request);
      const revoked = await db.transaction(async (tx: Database) => {
        const rows = await revokeOtherSessions(tx, admin.id, tokenHash);
        if (rows.length)
          await recordAudit(tx, request, { action: 'session_revoke', entity: 'session', entityId: admin.id, changes: { sessions: [rows.length, 0] } });
        return rows.length;
      });
      return { ok: true as const, revoked };
    },
  );

  app.get(
    '/admin/:id/sessions',
    {
      ...permit('admin', 'update'),
      schema: { tags, summary: 'An administrator’s live sessions (owners)', params: adminSessionsParams, response: { 200: sessionsAnswer } },
    },
    async (request) => {
      await assertAdminExists(request.params.id);
      return listOf(request, request.params.id);
    },
  );

  app.delete(
    '/admin/:id/sessions/:session_id',
    {
      ...permit('admin', 'update'),
      onSend: forgetKeptSessions,
      schema: { tags, summary: 'End one of an administrator’s sessions (owners)', params: adminSessionParams, response: { 200: okAnswer } },
    },
    async (request, reply) => {
      await revoke(request, reply, request.params.id, request.params.session_id);
      return done();
    },
  );
}
