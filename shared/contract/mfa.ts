import { z } from 'zod';
import { dataAnswer } from './envelope';

export const password = z.string().min(1).max(1024);
/** A 6-digit TOTP code or a recovery code; spaces and dashes are the reader's, not the code's. */
export const code = z.string().trim().min(1).max(64);

export const RECOVERY_CODE_COUNT = 10;

/** Nothing to send; a body, if any, is an empty object. */
export const totpSetupBody = z.strictObject({}).optional();

export const totpSetupAnswer = dataAnswer(
  z.strictObject({
    /** Base32, shown as text beside the QR code; never answered again once confirmed. */
    secret: z.string(),
    otpauth_url: z.string(),
  }),
).meta({ id: 'TotpSetup' });

export const totpCodeBody = z.object({ code });

/** Shown once: only their hashes are kept. */
export const recoveryCodesAnswer = dataAnswer(z.strictObject({ recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT) })).meta({
  id: 'RecoveryCodes',
});

export const totpDisableBody = z.object({ password });

/** Whether the signed-in admin's TOTP is on, how many unused recovery codes are left, and how many passkeys they have. */
export const mfaStatusAnswer = dataAnswer(
  z.strictObject({ totp_enabled: z.boolean(), recovery_codes_left: z.number().int().min(0), passkeys: z.number().int().min(0) }),
).meta({
  id: 'MfaStatus',
});
export type MfaStatus = z.infer<typeof mfaStatusAnswer>['data'];

export const signinMfaBody = z.object({ mfa_token: z.string().min(1).max(200), code });
