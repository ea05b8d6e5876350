import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { admins } from '../db/schema';
import { answer } from '../lib/answers';
import { recordAudit } from '../lib/audit';
import { tellAccount } from '../mail/securityNotices';
import { AppError } from '../lib/errors';
import { verifyPassword } from '../lib/passwords';
import { permit } from '../lib/permissions';
import { currentAdmin, requireProof } from '../lib/proofs';
import { hasTotp, newTotpSecret, otpauthUrl, recoveryCodesLeft, removeSecondFactor, replaceRecoveryCodes, spendTotpCode } from '../lib/secondFactor';
import { forgetKeptSessions } from '../lib/sessions';
import { okAnswer } from '../../shared/contract/envelope';
import { mfaStatusAnswer, recoveryCodesAnswer, totpCodeBody, totpDisableBody, totpSetupAnswer, totpSetupBody } from '../../shared/contract/mfa';

/**
 * The signed-in admin's own second factor (TOTP and its recovery codes). The admin is read afresh, not from the session
 * cache, since these routes change what it holds. Wrong codes and passwords here are throttled per admin, so that a
 * stolen session cannot guess its way to removing the factor.
 */
export async function mfaRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ['Second factor'];
  const own = permit('account', 'secure');
  const enrolment = permit('account', 'secure', { duringEnrolment: true });

  app.get(
    '/admin/mfa',
    {
      ...permit('account', 'read', { duringEnrolment: true }),
      schema: {
        tags,
        summary: 'Whether the signed-in admin’s TOTP is on, the recovery codes left, and how many passkeys they have',
        response: { 200: mfaStatusAnswer },
      },
    },
    async (request) => {
      const admin = await currentAdmin(request);
      return answer({
        totp_enabled: hasTotp(admin),
        recovery_codes_left: hasTotp(admin) ? await recoveryCodesLeft(db, admin.id) : 0,
        passkeys: admin.passkeyCount,
      });
    },
  );

  /** A new key each call until one is confirmed: the only answer that ever holds it. */
  app.post(
    '/admin/mfa/totp/setup',
    { ...enrolment, schema: { tags, summary: 'Start enrolling a TOTP authenticator', body: totpSetupBody, response: { 200: totpSetupAnswer } } },
    async (request) => {
      const admin = await currentAdmin(request);
      if (hasTotp(admin)) throw new AppError(409, 'MFA_ALREADY_ENABLED');
      const secret = newTotpSecret();
      await db
        .update(admins)
        .set({ totpSecret: secret, totpLastStep: null })
        .where(and(eq(admins.id, admin.id), isNull(admins.totpEnabledAt)));
      return answer({ secret, otpauth_url: otpauthUrl(admin.email, secret) });
    },
  );

  app.post(
    '/admin/mfa/totp/confirm',
    {
      ...enrolment,
      // The sessions kept by this process hold the admin as it was, without the factor.
      onSend: forgetKeptSessions,
      schema: {
        tags,
        summary: 'Turn TOTP on with a code from the authenticator; answers the recovery codes once',
        body: totpCodeBody,
        response: { 200: recoveryCodesAnswer },
      },
    },
    async (request) => {
      const admin = await currentAdmin(request);
      if (hasTotp(admin)) throw new AppError(409, 'MFA_ALREADY_ENABLED');
      const secret = admin.totpSecret;
      if (!secret) throw new AppError(409, 'MFA_NOT_ENABLED');
      await requireProof(request, admin, () => spendTotpCode(db, admin, request.body.code, secret), 'INVALID_CODE');
      const recoveryCodes = await db.transaction(async (tx) => {
        // Against the key the code was checked with: a setup in another tab meanwhile makes this one void.
        const enabled = await tx
          .update(admins)
          .set({ totpEnabledAt: new Date() })
          .where(and(eq(admins.id, admin.id), eq(admins.totpSecret, secret), isNull(admins.totpEnabledAt)))
          .returning({ id: admins.id });
        if (!enabled.length) throw new AppError(400, 'INVALID_CODE');
        await recordAudit(tx, request, { action: 'mfa_enable', entity: 'admin', entityId: admin.id });
        await tellAccount(app, tx, request, admin, { kind: 'totp_enabled' });
        return replaceRecoveryCodes(tx, admin.id);
      });
      void app.mail.flush();
      return answer({ recovery_codes: recoveryCodes });
    },
  );

  app.post(
    '/admin/mfa/totp/disable',
    {
      ...own,
      onSend: forgetKeptSessions,
      schema: { tags, summary: 'Turn TOTP off, with the password; its recovery codes go too', body: totpDisableBody, response: { 200: okAnswer } },
    },
    async (request) => {
      const admin = await currentAdmin(request);
      if (!hasTotp(admin)) throw new AppError(409, 'MFA_NOT_ENABLED');
      await requireProof(request, admin, () => verifyPassword(request.body.password, admin.passwordHash), 'WRONG_PASSWORD');
      await db.transaction(async (tx) => {
        await removeSecondFactor(tx, admin.id);
        await recordAudit(tx, request, { action: 'mfa_disable', entity: 'admin', entityId: admin.id });
        await tellAccount(app, tx, request, admin, { kind: 'totp_disabled' });
      });
      void app.mail.flush();
      return { ok: true as const };
    },
  );

  /** Needs a current TOTP code: holding the authenticator, not only the session, is what new codes stand in for. */
  app.post(
    '/admin/mfa/recovery_codes/regenerate',
    { ...own, schema: { tags, summary: 'Replace the recovery codes, with a current TOTP code', body: totpCodeBody, response: { 200: recoveryCodesAnswer } } },
    async (request) => {
      const admin = await currentAdmin(request);
      if (!hasTotp(admin)) throw new AppError(409, 'MFA_NOT_ENABLED');
      await requireProof(request, admin, () => spendTotpCode(db, admin, request.body.code), 'INVALID_CODE');
      const recoveryCodes = await db.transaction(async (tx) => {
        await recordAudit(tx, request, { action: 'recovery_codes_regenerate', entity: 'admin', entityId: admin.id });
        await tellAccount(app, tx, request, admin, { kind: 'recovery_codes_regenerated' });
        return replaceRecoveryCodes(tx, admin.id);
      });
      void app.mail.flush();
      return answer({ recovery_codes: recoveryCodes });
    },
  );
}
