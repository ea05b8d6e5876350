import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isAcceptablePassword } from '../../src/catalogue/passwords';
import { admins, sessions, type AdminRow } from '../db/schema';
import { toAdminDto } from '../lib/adminDto';
import { consumeAuthToken, issueAuthToken, passwordLink } from '../lib/authTokens';
import { AppError } from '../lib/errors';
import { hashToken } from '../lib/ids';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { emailSchema, parseInput } from '../lib/validation';
import { consumeRateLimit } from '../plugins/rateLimit';
import {
  SESSION_COOKIE,
  clearSessionCookie,
  createSession,
  findSessionAdmin,
  requireSession,
  revokeSession,
  sessionOf,
  setSessionCookie,
} from '../plugins/sessions';

const passwordInput = z.string().min(1).max(1024);
const signinBody = z.object({ email: emailSchema, password: passwordInput });
const forgotBody = z.object({ email: emailSchema });
const resetFromLinkBody = z.object({
  password: passwordInput,
  password1: passwordInput.optional(),
  token: z.string().min(1).max(200),
});
const changePasswordBody = z.object({
  password: passwordInput,
  newPassword: passwordInput,
  verifyPassword: passwordInput,
});

function checkNewPassword(password: string, confirmation: string | undefined): void {
  if (confirmation !== undefined && confirmation !== password) throw new AppError(400, 'PASSWORD_MISMATCH');
  if (!isAcceptablePassword(password)) throw new AppError(400, 'WEAK_PASSWORD');
}

/** Sign-in, the start-up token check, logout and the password flows (spec §7, decisions.md). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  const cookieOptions = { secure: config.env !== 'development' && config.env !== 'test', ttlHours: config.sessionTtlHours };
  const authLimit = config.authRateLimit;

  async function openSession(reply: FastifyReply, admin: AdminRow) {
    const token = await createSession(db, admin.id, config.sessionTtlHours);
    const [updated] = await db.update(admins).set({ lastLoginAt: new Date() }).where(eq(admins.id, admin.id)).returning();
    setSessionCookie(reply, token, cookieOptions);
    return { ok: true, token, user: toAdminDto(updated ?? admin) };
  }

  const limitByAddressAndIp = (request: FastifyRequest, action: string, email: string) =>
    consumeRateLimit(
      db,
      [
        { key: `${action}:email:${email}`, max: authLimit.max },
        { key: `${action}:ip:${request.ip}`, max: authLimit.max * 5 },
      ],
      authLimit.windowSeconds,
    );

  app.post('/admin/signin', async (request, reply) => {
    const { email, password } = parseInput(signinBody, request.body);
    await limitByAddressAndIp(request, 'signin', email);
    const [admin] = await db.select().from(admins).where(eq(sql`lower(${admins.email})`, email)).limit(1);
    const valid = await verifyPassword(password, admin?.passwordHash);
    if (!admin || !valid) throw new AppError(401, 'INVALID_CREDENTIALS');
    return openSession(reply, admin);
  });

  app.get('/admin/signin_token', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    const admin = token ? await findSessionAdmin(db, token) : undefined;
    if (!token || !admin) throw new AppError(401, 'UNAUTHORIZED');
    return { ok: true, token, user: toAdminDto(admin) };
  });

  app.post('/admin/logout', { preHandler: requireSession }, async (request, reply) => {
    await revokeSession(db, sessionOf(request).token);
    clearSessionCookie(reply);
    return { ok: true };
  });

  app.post('/admin/forgot_password', async (request) => {
    const { email } = parseInput(forgotBody, request.body);
    await limitByAddressAndIp(request, 'forgot', email);
    const [admin] = await db.select().from(admins).where(eq(sql`lower(${admins.email})`, email)).limit(1);
    // The answer is the same whether or not the address exists, so it reveals no accounts.
    if (admin) {
      const token = await issueAuthToken(db, admin.id, 'reset');
      await app.mail.queue({
        to: admin.email,
        subject: 'Admin Platform: reset your password',
        body: `Hello ${admin.name},\n\nTo choose a new password, open this link within an hour:\n${passwordLink(config.consoleUrl, token)}\n`,
      }, request.log);
    }
    return { ok: true };
  });

  app.post('/admin/forgot_password_reset', async (request, reply) => {
    const { password, password1, token } = parseInput(resetFromLinkBody, request.body);
    checkNewPassword(password, password1);
    const passwordHash = await hashPassword(password);
    const adminId = await consumeAuthToken(db, token);
    if (!adminId) throw new AppError(400, 'INVALID_TOKEN');
    const [admin] = await db.update(admins).set({ passwordHash }).where(eq(admins.id, adminId)).returning();
    if (!admin) throw new AppError(400, 'INVALID_TOKEN');
    // A new password ends every other session; the admin is signed in anew on this device.
    await db.delete(sessions).where(eq(sessions.adminId, adminId));
    return openSession(reply, admin);
  });

  app.post('/admin/reset_password', { preHandler: requireSession }, async (request) => {
    const { admin, token } = sessionOf(request);
    const body = parseInput(changePasswordBody, request.body);
    if (!(await verifyPassword(body.password, admin.passwordHash))) throw new AppError(400, 'WRONG_PASSWORD');
    checkNewPassword(body.newPassword, body.verifyPassword);
    await db.update(admins).set({ passwordHash: await hashPassword(body.newPassword) }).where(eq(admins.id, admin.id));
    await db.delete(sessions).where(and(eq(sessions.adminId, admin.id), ne(sessions.tokenHash, hashToken(token))));
    return { ok: true };
  });
}
