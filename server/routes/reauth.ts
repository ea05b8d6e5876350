import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AdminRow } from '../db/schema';
import { answer } from '../lib/answers';
import { recordAudit } from '../lib/audit';
import { verifyPassword } from '../lib/passwords';
import { permit } from '../lib/permissions';
import { counterOfCode } from '../lib/factorThrottle';
import { currentAdmin, requireProof } from '../lib/proofs';
import { spendCode } from '../lib/secondFactor';
import { refreshProof } from '../lib/stepUp';
import { authenticationOptions, verifyPasskey } from '../lib/passkeys';
import { sessionOf } from '../lib/sessions';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { passkeyOptionsBody, webauthnOptionsAnswer } from '../../shared/contract/passkeys';
import { reauthAnswer, reauthBody, type ReauthBody } from '../../shared/contract/reauth';

/**
 * Step-up re-authentication (issue 32): the signed-in admin proves who they are again, and the session's dangerous calls
 * are open for STEP_UP_MINUTES. Wrong proofs count against the second factor's allowance (server/lib/proofs.ts).
 */
export async function reauthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  /** Whether the proof holds; a code is spent by checking it, and `spent.by` says which kind it was. */
  async function check(admin: AdminRow, body: ReauthBody, spent: { by?: 'totp' | 'recovery' }): Promise<boolean> {
    if ('password' in body) return verifyPassword(body.password, admin.passwordHash);
    if ('passkey' in body)
      return (await verifyPasskey(db, app.config.consoleUrl, 'reauth', body.passkey as AuthenticationResponseJSON, { adminId: admin.id })).verified;
    spent.by = await spendCode(db, admin, body.code);
    return spent.by !== undefined;
  }

  const audit = (request: FastifyRequest, admin: AdminRow, action: 'reauth' | 'failed_reauth' | 'recovery_code_used') => (tx: typeof db) =>
    recordAudit(tx, request, { action, entity: 'admin', entityId: admin.id });

  app.post(
    '/admin/reauth/passkey/options',
    {
      // Like signing out, it concerns only the calling session; open to one that must enrol, whose proof may be old.
      ...permit('account', 'read', { duringEnrolment: true }),
      schema: {
        tags: ['Passkeys'],
        summary: 'Challenge one of the signed-in admin’s passkeys, for POST /admin/reauth',
        body: passkeyOptionsBody,
        response: { 200: webauthnOptionsAnswer },
      },
    },
    async (request) => answer({ ...(await authenticationOptions(db, app.config.consoleUrl, 'reauth', sessionOf(request).admin.id)) }),
  );

  app.post(
    '/admin/reauth',
    {
      ...permit('account', 'read', { duringEnrolment: true }),
      schema: {
        tags: ['Second factor'],
        summary: 'Prove one’s identity again (password, TOTP or recovery code, or a passkey): dangerous calls are open for STEP_UP_MINUTES',
        body: reauthBody,
        response: { 200: reauthAnswer },
      },
    },
    async (request) => {
      const admin = await currentAdmin(request);
      const spent: { by?: 'totp' | 'recovery' } = {};
      const { body } = request;
      const code = 'password' in body ? 'WRONG_PASSWORD' : 'passkey' in body ? 'INVALID_PASSKEY' : 'INVALID_CODE';
      await requireProof(request, admin, () => check(admin, request.body, spent), code, {
        onFailure: audit(request, admin, 'failed_reauth'),
        counter: 'code' in body ? counterOfCode(body.code) : 'factor',
      });
      const authenticatedAt = await db.transaction(async (tx) => {
        if (spent.by === 'recovery') await audit(request, admin, 'recovery_code_used')(tx);
        await audit(request, admin, 'reauth')(tx);
        return refreshProof(tx, request);
      });
      return answer({ authenticated_at: authenticatedAt.toISOString() });
    },
  );
}
