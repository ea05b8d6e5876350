import { permit, requirePermission } from '../lib/permissions';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { admins, sessions, type AdminRow } from '../db/schema';
import type { Database } from '../db/client';
import { toAdminDto } from '../lib/adminDto';
import { recordAudit } from '../lib/audit';
import { tellAccount } from '../mail/securityNotices';
import { consumeAuthToken, findLiveAuthToken, issueAuthToken, passwordLink, revokeAuthTokens } from '../lib/authTokens';
import { AppError, RateLimitedError } from '../lib/errors';
import { isAcceptableNewPassword } from '../lib/passwordPolicy';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { answer, done } from '../lib/answers';
import { authenticationOptions, verifyPasskey } from '../lib/passkeys';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { passkeySigninBody, passkeySigninOptionsBody, webauthnOptionsAnswer } from '../../shared/contract/passkeys';
import { findMfaTokenAdmin, hasSecondFactor, hasTotp, mfaRequired, mustEnrol, spendCode, spendMfaToken } from '../lib/secondFactor';
import { signinMfaBody } from '../../shared/contract/mfa';
import { consumeRateLimit, takeFailureSlots, underRateLimit, type RateLimit } from '../lib/rateLimit';
import { adminFailureLimit, auditLockBy, counterOfCode, mfaTokenLimit, mfaTokenWindowSeconds } from '../lib/factorThrottle';
import {
  SESSION_COOKIE,
  clearSessionCookie,
  createSession,
  findSessionAdmin,
  forgetKeptSessions,
  requireSession,
  revokeOtherSessions,
  revokeSession,
  sessionOf,
  setSessionCookie,
} from '../lib/sessions';
import {
  changePasswordBody,
  forgotPasswordAnswer,
  forgotPasswordBody,
  passwordChanged,
  resetFromLinkBody,
  sessionAnswer,
  signedOut,
  signinBody,
  type SessionAnswer,
} from '../../shared/contract/auth';

function checkNewPassword(password: string, confirmation: string | undefined): void {
  if (confirmation !== undefined && confirmation !== password) throw new AppError(400, 'PASSWORD_MISMATCH');
  if (!isAcceptableNewPassword(password)) throw new AppError(400, 'WEAK_PASSWORD');
}

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const tags = ['Auth'];
  const cookieOptions = { secure: config.env !== 'development' && config.env !== 'test', ttlHours: config.sessionTtlHours };
  const authLimit = config.authRateLimit;
  /** Five times an address's allowance, so that one office behind a NAT is not refused. */
  const perClientMax = authLimit.max * 5;

  async function openSession(tx: Database, reply: FastifyReply, admin: AdminRow): Promise<SessionAnswer> {
    const token = await createSession(tx, admin.id, config.sessionTtlHours, { ip: reply.request.ip, userAgent: reply.request.headers['user-agent'] });
    const [updated] = await tx.update(admins).set({ lastLoginAt: new Date() }).where(eq(admins.id, admin.id)).returning();
    setSessionCookie(reply, token, cookieOptions);
    return { ok: true, token, user: toAdminDto(updated ?? admin), ...enrolmentOf(admin) };
  }
  const enrolmentOf = (admin: AdminRow) => (mustEnrol(admin, config.mfaRequiredRoles) ? { mfa_enrolment_required: true as const } : {});
  const actorOf = (admin: AdminRow) => ({ id: admin.id, name: admin.name });

  /** Per address and client together, and per client: the password and the second factor draw on the same allowance. */
  const failureKeys = (email: string, ip: string) => ({ addressKey: `signin-failures:${email}|${ip}`, clientKey: `signin-failures:client:${ip}` });
  /** Each try takes its slots before it is judged (server/lib/rateLimit.ts): parallel tries get at most the allowance judged. */
  const takeSigninSlots = (addressKey: string, clientKey: string, more: RateLimit[] = []) =>
    takeFailureSlots(db, [{ key: addressKey, max: authLimit.max }, { key: clientKey, max: perClientMax }, ...more], authLimit.windowSeconds);

  const findAdminByEmail = async (email: string) =>
    (
      await db
        .select()
        .from(admins)
        .where(eq(sql`lower(${admins.email})`, email))
        .limit(1)
    )[0];

  /** Failures are counted per address and client together (so nobody can lock an admin out from elsewhere), and more loosely per client. */
  app.post(
    '/admin/signin',
    { onSend: forgetKeptSessions, schema: { tags, summary: 'Sign in with e-mail and password', body: signinBody, response: { 200: sessionAnswer } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const { addressKey, clientKey } = failureKeys(email, request.ip);
      const attempt = await takeSigninSlots(addressKey, clientKey);
      const admin = await findAdminByEmail(email);
      const valid = await attempt.judge(db, () => verifyPassword(password, admin?.passwordHash));
      if (!admin || !valid) {
        await db.transaction(async (tx) => {
          // The address tried is no secret; the password never is kept.
          await recordAudit(tx, request, {
            action: 'failed_sign_in',
            entity: 'session',
            entityId: admin?.id ?? null,
            changes: { email: [null, email] },
            actor: null,
          });
        });
        throw new AppError(401, 'INVALID_CREDENTIALS');
      }
      // The failures stay counted until the code is right too: a known password gives no fresh allowance of guesses.
      if (hasSecondFactor(admin)) {
        await attempt.giveBack(db);
        return mfaRequired(db, admin);
      }
      return db.transaction(async (tx) => {
        await attempt.giveBack(tx, [addressKey]);
        await recordAudit(tx, request, { action: 'sign_in', entity: 'session', entityId: admin.id, actor: actorOf(admin) });
        return openSession(tx, reply, admin);
      });
    },
  );

  /**
   * The token is kept through a wrong code (throttled like a wrong password, and per admin whatever the address) and spent
   * by the right one, or by its MFA_TOKEN_MAX_FAILURES-th wrong one.
   */
  app.post(
    '/admin/signin/mfa',
    {
      onSend: forgetKeptSessions,
      schema: { tags, summary: 'Finish a sign-in with a TOTP or recovery code', body: signinMfaBody, response: { 200: sessionAnswer } },
    },
    async (request, reply) => {
      const { mfa_token: mfaToken, code } = request.body;
      const admin = await findMfaTokenAdmin(db, mfaToken);
      if (!admin || !hasTotp(admin)) throw new AppError(401, 'INVALID_TOKEN');
      const { addressKey, clientKey } = failureKeys(admin.email.toLowerCase(), request.ip);
      const tokenLimit = mfaTokenLimit(mfaToken);
      const tokenWindow = mfaTokenWindowSeconds(authLimit.windowSeconds);
      const tokenAttempt = await takeFailureSlots(db, [tokenLimit], tokenWindow).catch(async (error: unknown) => {
        if (!(error instanceof RateLimitedError)) throw error;
        // Its wrong codes are used up: the token is spent, as if it had expired.
        await spendMfaToken(db, mfaToken);
        throw new AppError(401, 'INVALID_TOKEN');
      });
      const counter = counterOfCode(code);
      const adminLimit = adminFailureLimit(admin.id, counter, authLimit.max);
      const attempt = await takeSigninSlots(addressKey, clientKey, [adminLimit]).catch(async (error: unknown) => {
        // A try refused unjudged costs the token nothing.
        await tokenAttempt.giveBack(db);
        throw error;
      });
      const answer = await db.transaction(async (tx) => {
        const spentBy = await spendCode(tx, admin, code);
        if (!spentBy) return undefined;
        if (!(await spendMfaToken(tx, mfaToken))) throw new AppError(401, 'INVALID_TOKEN');
        if (spentBy === 'recovery')
          await recordAudit(tx, request, { action: 'recovery_code_used', entity: 'admin', entityId: admin.id, actor: actorOf(admin) });
        // A recovery code clears its own count, not the factor's lock: it proves nothing about the guesses at the TOTP.
        await attempt.giveBack(tx, [addressKey, adminLimit.key]);
        await tokenAttempt.giveBack(tx, [tokenLimit.key]);
        await recordAudit(tx, request, { action: 'sign_in', entity: 'session', entityId: admin.id, actor: actorOf(admin) });
        return openSession(tx, reply, admin);
      });
      if (answer) return answer;
      await db.transaction(async (tx) => {
        if (tokenAttempt.tookLast(tokenLimit.key)) await spendMfaToken(tx, mfaToken);
        await recordAudit(tx, request, {
          action: 'failed_sign_in',
          entity: 'session',
          entityId: admin.id,
          changes: { email: [null, admin.email] },
          actor: null,
        });
        await auditLockBy(tx, request, attempt, adminLimit, admin, counter, false);
      });
      throw new AppError(401, 'INVALID_CODE');
    },
  );

  /** With `mfa_token`, the options name that admin's passkeys (the second factor); without, any passkey of this console may answer. */
  app.post(
    '/admin/signin/passkey/options',
    {
      schema: {
        tags,
        summary: 'Challenge a passkey, to sign in without password or as the second factor',
        body: passkeySigninOptionsBody,
        response: { 200: webauthnOptionsAnswer },
      },
      preValidation: async (request) => {
        await consumeRateLimit(db, [{ key: `passkey-options:client:${request.ip}`, max: perClientMax }], authLimit.windowSeconds);
      },
    },
    async (request) => {
      const mfaToken = request.body?.mfa_token;
      const admin = mfaToken ? await findMfaTokenAdmin(db, mfaToken) : undefined;
      if (mfaToken && !admin?.passkeyCount) throw new AppError(401, 'INVALID_TOKEN');
      return answer({ ...(await authenticationOptions(db, config.consoleUrl, 'signin', admin?.id ?? null)) });
    },
  );

  /** Alone, the passkey must have checked its holder (user verification): it stands for both factors. Failures count per client. */
  app.post(
    '/admin/signin/passkey',
    {
      onSend: forgetKeptSessions,
      schema: { tags, summary: 'Sign in with a passkey, without password or as the second factor', body: passkeySigninBody, response: { 200: sessionAnswer } },
    },
    async (request, reply) => {
      const { mfa_token: mfaToken, credential } = request.body;
      const tokenAdmin = mfaToken ? await findMfaTokenAdmin(db, mfaToken) : undefined;
      if (mfaToken && !tokenAdmin) throw new AppError(401, 'INVALID_TOKEN');
      const clientKey = `signin-failures:client:${request.ip}`;
      const attempt = await takeFailureSlots(db, [{ key: clientKey, max: perClientMax }], authLimit.windowSeconds);
      const { holder: admin, verified } = await verifyPasskey(db, config.consoleUrl, 'signin', credential as AuthenticationResponseJSON, {
        adminId: tokenAdmin?.id,
      });
      if (!admin || !verified) {
        await db.transaction(async (tx) => {
          await recordAudit(tx, request, {
            action: 'failed_sign_in',
            entity: 'session',
            entityId: admin?.id ?? tokenAdmin?.id ?? null,
            changes: { method: [null, 'passkey'] },
            actor: null,
          });
        });
        throw new AppError(401, 'INVALID_PASSKEY');
      }
      return db.transaction(async (tx) => {
        if (mfaToken && !(await spendMfaToken(tx, mfaToken))) throw new AppError(401, 'INVALID_TOKEN');
        await attempt.giveBack(tx);
        await recordAudit(tx, request, {
          action: 'sign_in',
          entity: 'session',
          entityId: admin.id,
          changes: { method: [null, 'passkey'] },
          actor: actorOf(admin),
        });
        return openSession(tx, reply, admin);
      });
    },
  );

  app.get(
    '/admin/signin_token',
    {
      schema: {
        tags,
        summary: 'Trade the session cookie for its token and the signed-in admin',
        security: [{ sessionCookie: [] }],
        response: { 200: sessionAnswer },
      },
    },
    async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      const admin = token ? await findSessionAdmin(app, token) : undefined;
      if (!token || !admin) throw new AppError(401, 'UNAUTHORIZED');
      return { ok: true as const, token, user: toAdminDto(admin), ...enrolmentOf(admin) };
    },
  );

  app.post(
    '/admin/logout',
    {
      ...permit('account', 'read', { duringEnrolment: true }),
      onRequest: [requireSession, requirePermission],
      onSend: forgetKeptSessions,
      schema: { tags, summary: 'End the session', response: { 200: signedOut } },
    },
    async (request, reply) => {
      await db.transaction(async (tx) => {
        await revokeSession(tx, sessionOf(request).token);
        await recordAudit(tx, request, { action: 'sign_out', entity: 'session', entityId: sessionOf(request).admin.id });
      });
      clearSessionCookie(reply);
      return done();
    },
  );

  /** The same answer, in the same time, for any input: the link is made and mailed after the answer, so its cost reveals nothing. */
  app.post(
    '/admin/forgot_password',
    {
      schema: { tags, summary: 'Mail a set-password link to an administrator', body: forgotPasswordBody, response: { 200: forgotPasswordAnswer } },
      // A body outside the schema is no refusal, only no address.
      attachValidation: true,
    },
    async (request) => {
      const email = request.validationError ? undefined : request.body.email;
      await consumeRateLimit(db, [{ key: `forgot:client:${request.ip}`, max: perClientMax }], authLimit.windowSeconds);
      if (email) {
        app.background.run(async () => {
          // Past an address's allowance no link is mailed, but the answer stays the same: a refusal would let anyone stop an
          // admin from recovering their account.
          if (!(await underRateLimit(db, { key: `forgot:${email}`, max: authLimit.max }, authLimit.windowSeconds))) return;
          const admin = await findAdminByEmail(email);
          if (!admin) return;
          await db.transaction(async (tx) => {
            await recordAudit(tx, request, { action: 'password_reset_request', entity: 'admin', entityId: admin.id, actor: null });
            const token = await issueAuthToken(tx, admin.id, 'reset');
            await app.mail.queue(
              {
                to: admin.email,
                subject: 'Admin Platform: reset your password',
                body: `Hello ${admin.name},\n\nTo choose a new password, open this link within an hour:\n${passwordLink(config.consoleUrl, token)}\n`,
              },
              request.log,
              tx,
            );
          });
          await app.mail.flush();
        }, request.log);
      }
      return done();
    },
  );

  /** The token is checked before the costly hash, so bogus calls cost one indexed lookup each. A reset ends every session and link. */
  app.post(
    '/admin/forgot_password_reset',
    {
      onSend: forgetKeptSessions,
      schema: {
        tags,
        summary: 'Set a new password through an e-mailed link, and sign in (or MFA_REQUIRED with a second factor)',
        body: resetFromLinkBody,
        response: { 200: sessionAnswer },
      },
      // Before the body is checked, so that malformed calls count too.
      preValidation: async (request) => {
        await consumeRateLimit(db, [{ key: `reset:client:${request.ip}`, max: perClientMax }], authLimit.windowSeconds);
      },
    },
    async (request, reply) => {
      const { password, password1, token } = request.body;
      if (!(await findLiveAuthToken(db, token))) throw new AppError(400, 'INVALID_TOKEN');
      checkNewPassword(password, password1);
      const passwordHash = await hashPassword(password);
      const { admin, answer } = await db.transaction(async (tx) => {
        const adminId = await consumeAuthToken(tx, token);
        if (!adminId) throw new AppError(400, 'INVALID_TOKEN');
        const [admin] = await tx.update(admins).set({ passwordHash }).where(eq(admins.id, adminId)).returning();
        if (!admin) throw new AppError(400, 'INVALID_TOKEN');
        await tx.delete(sessions).where(eq(sessions.adminId, adminId));
        await revokeAuthTokens(tx, adminId);
        await recordAudit(tx, request, { action: 'password_reset', entity: 'admin', entityId: admin.id, actor: actorOf(admin) });
        await tellAccount(app, tx, request, admin, { kind: 'password_reset' });
        // A link proves the mailbox, never the second factor.
        return { admin, answer: hasSecondFactor(admin) ? undefined : await openSession(tx, reply, admin) };
      });
      void app.mail.flush();
      if (!answer) return mfaRequired(db, admin);
      return answer;
    },
  );

  /** Ends the admin's other sessions and any e-mailed link still out. */
  app.post(
    '/admin/reset_password',
    {
      ...permit('account', 'secure'),
      onRequest: [requireSession, requirePermission],
      onSend: forgetKeptSessions,
      schema: { tags, summary: 'Change the signed-in administrator’s password', body: changePasswordBody, response: { 200: passwordChanged } },
    },
    async (request) => {
      const { admin, tokenHash } = sessionOf(request);
      const { body } = request;
      if (!(await verifyPassword(body.password, admin.passwordHash))) throw new AppError(400, 'WRONG_PASSWORD');
      checkNewPassword(body.newPassword, body.verifyPassword);
      const passwordHash = await hashPassword(body.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(admins).set({ passwordHash }).where(eq(admins.id, admin.id));
        await revokeOtherSessions(tx, admin.id, tokenHash);
        await revokeAuthTokens(tx, admin.id);
        await recordAudit(tx, request, { action: 'password_change', entity: 'admin', entityId: admin.id });
        await tellAccount(app, tx, request, admin, { kind: 'password_changed' });
      });
      void app.mail.flush();
      return done();
    },
  );
}
