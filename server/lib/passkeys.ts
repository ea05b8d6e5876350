import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import { PRODUCT_NAME } from '../../shared/catalogue/product';
import type { Database } from '../db/client';
import { admins, passkeys, webauthnChallenges, type AdminRow } from '../db/schema';
import { AppError } from './errors';
import { newId } from './ids';

/** Long enough for a person to find a security key, short enough that a challenge is not kept. */
const CHALLENGE_MINUTES = 5;

type ChallengePurpose = (typeof webauthnChallenges.$inferSelect)['purpose'];
export type PasskeyRow = typeof passkeys.$inferSelect;

/** The relying party is the console's host (WebAuthn refuses an IP address as its id); answers must come from its origin. */
function relyingParty(consoleUrl: string): { id: string; origin: string } {
  const url = new URL(consoleUrl);
  return { id: url.hostname, origin: url.origin };
}

async function keepChallenge(db: Database, challenge: string, purpose: ChallengePurpose, adminId: string | null): Promise<void> {
  await db.insert(webauthnChallenges).values({ challenge, purpose, adminId, expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000) });
}

/**
 * Deleting it is the check, so that each challenge is answered once, on any server. A challenge issued for an admin is
 * good only for that admin; one issued for nobody (a sign-in without password) for anyone.
 */
async function spendChallenge(db: Database, challenge: string, purpose: ChallengePurpose, adminId: string | null): Promise<boolean> {
  const [spent] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, new Date())))
    .returning({ adminId: webauthnChallenges.adminId });
  return Boolean(spent) && (spent?.adminId === null || spent?.adminId === adminId);
}

export const adminPasskeys = (db: Database, adminId: string): Promise<PasskeyRow[]> =>
  db.select().from(passkeys).where(eq(passkeys.adminId, adminId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));

/** Resident keys, so that the same passkey also signs in without an e-mail; the admin's own keys are not offered twice. */
export async function registrationOptions(db: Database, consoleUrl: string, admin: AdminRow): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await generateRegistrationOptions({
    rpName: PRODUCT_NAME,
    rpID: relyingParty(consoleUrl).id,
    userName: admin.email,
    userDisplayName: admin.name,
    userID: new TextEncoder().encode(admin.id),
    attestationType: 'none',
    excludeCredentials: (await adminPasskeys(db, admin.id)).map(({ credentialId, transports }) => ({ id: credentialId, transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(db, options.challenge, 'register', admin.id);
  return options;
}

/**
 * The credential the browser created for `adminId`, checked against that admin's registration challenge, which it
 * spends (outside any transaction, so that a refused answer spends it too).
 */
export async function verifyNewPasskey(db: Database, consoleUrl: string, adminId: string, response: RegistrationResponseJSON): Promise<WebAuthnCredential> {
  const rp = relyingParty(consoleUrl);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: (challenge) => spendChallenge(db, challenge, 'register', adminId),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified) throw new AppError(400, 'INVALID_PASSKEY');
  return verification.registrationInfo.credential;
}

/** Keeps a checked credential under `name` and recounts the admin's passkeys. */
export async function keepPasskey(tx: Database, adminId: string, name: string, credential: WebAuthnCredential): Promise<PasskeyRow> {
  const [row] = await tx
    .insert(passkeys)
    .values({
      id: newId(),
      adminId,
      name,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(409, 'PASSKEY_EXISTS');
  await recountPasskeys(tx, adminId);
  return row;
}

/** Under the admin row's lock, so that an addition and a removal at once still leave the true count. */
export async function recountPasskeys(tx: Database, adminId: string): Promise<void> {
  await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, adminId)).for('update');
  const [row] = await tx.select({ total: count() }).from(passkeys).where(eq(passkeys.adminId, adminId));
  await tx
    .update(admins)
    .set({ passkeyCount: row?.total ?? 0 })
    .where(eq(admins.id, adminId));
}

/** A passkey in place of the password (a sign-in without one, a re-authentication) must check its holder; after a password it need not. */
const standsAlone = (purpose: Exclude<ChallengePurpose, 'register'>, adminId: string | null): boolean => purpose === 'reauth' || adminId === null;

/** For a sign-in without password (`adminId` null: any resident key), or for a known admin's own keys. */
export async function authenticationOptions(
  db: Database,
  consoleUrl: string,
  purpose: Exclude<ChallengePurpose, 'register'>,
  adminId: string | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowCredentials = adminId ? (await adminPasskeys(db, adminId)).map(({ credentialId, transports }) => ({ id: credentialId, transports })) : [];
  const userVerification = standsAlone(purpose, adminId) ? 'required' : 'preferred';
  const options = await generateAuthenticationOptions({ rpID: relyingParty(consoleUrl).id, allowCredentials, userVerification });
  await keepChallenge(db, options.challenge, purpose, adminId);
  return options;
}

/**
 * Whether a known passkey signed the challenge, and whose it is (named in a failure's audit too). Any failure is the
 * same answer: an unknown key, a spent or foreign challenge, a bad signature or counter. Without a password
 * (a sign-in alone, a re-authentication: standsAlone), the passkey must have checked its holder.
 */
export async function verifyPasskey(
  db: Database,
  consoleUrl: string,
  purpose: Exclude<ChallengePurpose, 'register'>,
  response: AuthenticationResponseJSON,
  options: { adminId?: string },
): Promise<{ holder?: AdminRow; verified: boolean }> {
  const [found] = await db
    .select({ passkey: passkeys, admin: admins })
    .from(passkeys)
    .innerJoin(admins, eq(admins.id, passkeys.adminId))
    .where(eq(passkeys.credentialId, response.id))
    .limit(1);
  if (!found || (options.adminId && found.admin.id !== options.adminId)) return { verified: false };
  const { passkey, admin } = found;
  const rp = relyingParty(consoleUrl);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: (challenge) => spendChallenge(db, challenge, purpose, admin.id),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: passkey.transports },
    requireUserVerification: standsAlone(purpose, options.adminId ?? null),
  }).catch(() => undefined);
  if (!verification?.verified) return { holder: admin, verified: false };
  await db.update(passkeys).set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() }).where(eq(passkeys.id, passkey.id));
  return { holder: admin, verified: true };
}

export const pruneChallenges = (db: Database, now: Date) =>
  db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now)).returning({ key: webauthnChallenges.challenge });
