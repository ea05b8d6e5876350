import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT } from '../../shared/contract/mfa';
import { PRODUCT_NAME } from '../../shared/catalogue/product';
import type { Database } from '../db/client';
import { admins, mfaTokens, recoveryCodes, type AdminRow } from '../db/schema';
import { MfaRequiredError } from './errors';
import { hashToken, newId, newSecretToken } from './ids';

/** The sign-in's proof of the password lives this long, enough to open an authenticator app. */
export const MFA_TOKEN_MINUTES = 5;
/** One 30-second step either side (RFC 6238's advice for clock drift). */
const TOTP_TOLERANCE_SECONDS = 30;
const TOTP_CODE = /^\d{6}$/;
/** Six digits (spaces aside): anything else can only be a recovery code, and is judged and counted as one. */
export const isTotpShaped = (code: string): boolean => TOTP_CODE.test(code.replace(/\s/g, ''));

export const newTotpSecret = (): string => generateSecret();
export const otpauthUrl = (email: string, secret: string): string => generateURI({ issuer: PRODUCT_NAME, label: email, secret });

export const hasTotp = (admin: AdminRow): admin is AdminRow & { totpSecret: string; totpEnabledAt: Date } => Boolean(admin.totpEnabledAt && admin.totpSecret);

/** TOTP, passkeys, or both: what a sign-in with a password must still prove. */
const secondFactorMethods = (admin: AdminRow): ('totp' | 'passkey')[] => [
  ...(hasTotp(admin) ? (['totp'] as const) : []),
  ...(admin.passkeyCount > 0 ? (['passkey'] as const) : []),
];
export const hasSecondFactor = (admin: AdminRow): boolean => secondFactorMethods(admin).length > 0;

/** An admin of a role that needs a second factor (MFA_REQUIRED_ROLES) who has none yet. */
export const mustEnrol = (admin: AdminRow, requiredRoles: readonly string[]): boolean => requiredRoles.includes(admin.role) && !hasSecondFactor(admin);

/** Refuses a sign-in that proved only the password, with the token its second step needs. */
export const mfaRequired = async (db: Database, admin: AdminRow): Promise<never> => {
  throw new MfaRequiredError(await issueMfaToken(db, admin.id), secondFactorMethods(admin));
};

/**
 * Whether `code` is a current TOTP code of `secret` (the admin's, or the one being enrolled) never accepted before: the
 * step it matched is kept in the statement that checks it is newer, so that a code seen over a shoulder, or sent twice
 * at once, opens nothing a second time (RFC 6238 §5.2).
 */
export async function spendTotpCode(db: Database, admin: AdminRow, code: string, secret: string | null = admin.totpSecret): Promise<boolean> {
  const token = code.replace(/\s/g, '');
  if (!secret || !isTotpShaped(token)) return false;
  // otplib throws when the last step is ahead of this server's window (clocks apart, a clock set back): no code is good then.
  const result = await verify({ secret, token, epochTolerance: TOTP_TOLERANCE_SECONDS, afterTimeStep: admin.totpLastStep ?? undefined }).catch(() => ({
    valid: false as const,
  }));
  // The TOTP result names its step; the library's type also covers HOTP's, which has none.
  if (!result.valid || !('timeStep' in result)) return false;
  const spent = await db
    .update(admins)
    .set({ totpLastStep: result.timeStep })
    .where(and(eq(admins.id, admin.id), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, result.timeStep))))
    .returning({ id: admins.id });
  return spent.length > 0;
}

/** A TOTP code, else a recovery code, spent by checking it: which it was, or undefined for neither (or no TOTP). */
export async function spendCode(db: Database, admin: AdminRow, code: string): Promise<'totp' | 'recovery' | undefined> {
  if (!hasTotp(admin)) return undefined;
  if (await spendTotpCode(db, admin, code)) return 'totp';
  return (await spendRecoveryCode(db, admin.id, code)) ? 'recovery' : undefined;
}

/** Case, spaces and dashes are only how a person copies it. */
const normalisedRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Ten characters of base32 (50 bits), shown as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const letters = [...randomBytes(10)].map((byte) => alphabet[byte % 32]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** Voids the admin's codes and answers ten new ones: the only time they are seen in clear. */
export async function replaceRecoveryCodes(tx: Database, adminId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.adminId, adminId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ id: newId(), adminId, codeHash: hashToken(normalisedRecoveryCode(code)) })));
  return codes;
}

/** Marks the code used in the same statement that finds it, so that two sign-ins cannot both spend it. */
async function spendRecoveryCode(tx: Database, adminId: string, code: string): Promise<boolean> {
  const spent = await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.adminId, adminId), eq(recoveryCodes.codeHash, hashToken(normalisedRecoveryCode(code))), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length > 0;
}

export async function recoveryCodesLeft(db: Database, adminId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.adminId, adminId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

export async function removeSecondFactor(tx: Database, adminId: string): Promise<void> {
  await tx.update(admins).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(admins.id, adminId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.adminId, adminId));
  await tx.delete(mfaTokens).where(eq(mfaTokens.adminId, adminId));
}

async function issueMfaToken(db: Database, adminId: string): Promise<string> {
  const token = newSecretToken();
  await db.insert(mfaTokens).values({ tokenHash: hashToken(token), adminId, expiresAt: new Date(Date.now() + MFA_TOKEN_MINUTES * 60_000) });
  return token;
}

/** The admin a live token was issued for, without spending it: a mistyped code may be tried again. */
export async function findMfaTokenAdmin(db: Database, token: string): Promise<AdminRow | undefined> {
  const [row] = await db
    .select({ admin: admins })
    .from(mfaTokens)
    .innerJoin(admins, eq(admins.id, mfaTokens.adminId))
    .where(and(eq(mfaTokens.tokenHash, hashToken(token)), gt(mfaTokens.expiresAt, new Date())))
    .limit(1);
  return row?.admin;
}

/** Deleting it is the check: of two sign-ins with one token, only one opens a session. */
export async function spendMfaToken(tx: Database, token: string): Promise<boolean> {
  const spent = await tx
    .delete(mfaTokens)
    .where(and(eq(mfaTokens.tokenHash, hashToken(token)), gt(mfaTokens.expiresAt, new Date())))
    .returning({ adminId: mfaTokens.adminId });
  return spent.length > 0;
}
