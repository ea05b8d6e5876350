import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { AdminRow } from '../db/schema';
import { recordAudit } from './audit';
import { hashToken } from './ids';
import type { FailureAttempt, RateLimit } from './rateLimit';
import { MFA_TOKEN_MINUTES, isTotpShaped } from './secondFactor';

/** How many wrong codes an `mfa_token` survives: the try after the last finds it spent (INVALID_TOKEN). */
const MFA_TOKEN_MAX_FAILURES = 5;
/** The token's whole life, so that its count never restarts while it lives (housekeeping keeps a row the auth window). */
export const mfaTokenWindowSeconds = (authWindowSeconds: number): number => Math.max(authWindowSeconds, MFA_TOKEN_MINUTES * 60);

export const mfaTokenLimit = (token: string): RateLimit => ({ key: `mfa-token-failures:${hashToken(token)}`, max: MFA_TOKEN_MAX_FAILURES });

/**
 * Per admin, whatever the client address: `factor` counts the TOTP with the signed-in proofs (re-authentication, the
 * `/admin/mfa/*` calls), `recovery` the recovery codes on their own, so that a locked TOTP leaves the recovery codes usable.
 */
export type AdminCounter = 'factor' | 'recovery';

export const counterOfCode = (code: string): AdminCounter => (isTotpShaped(code) ? 'factor' : 'recovery');

export const adminFailureLimit = (adminId: string, counter: AdminCounter, max: number): RateLimit => ({
  key: counter === 'recovery' ? `recovery-failures:${adminId}` : `mfa-failures:${adminId}`,
  max,
});

/** Audits the failure that took the admin's last slot: the counter is locked for the rest of its window. */
export async function auditLockBy(
  tx: Database,
  request: FastifyRequest,
  attempt: FailureAttempt,
  limit: RateLimit,
  admin: AdminRow,
  counter: AdminCounter,
  signedIn: boolean,
): Promise<void> {
  if (!attempt.tookLast(limit.key)) return;
  await recordAudit(tx, request, {
    action: 'second_factor_locked',
    entity: 'admin',
    entityId: admin.id,
    changes: { counter: [null, counter === 'recovery' ? 'recovery_code' : 'second_factor'] },
    ...(signedIn ? {} : { actor: null }),
  });
}
