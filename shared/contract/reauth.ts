import { z } from 'zod';
import { dataAnswer } from './envelope';
import { code, password } from './mfa';
import { authenticationCredential } from './passkeys';
import { timestamp } from './primitives';

/** One proof of identity per call; a new kind of proof is one more member. */
export const reauthBody = z.union([
  z.strictObject({ password }),
  /** A TOTP code, or a recovery code (spent). */
  z.strictObject({ code }),
  /** The browser's answer to `POST /admin/reauth/passkey/options`. */
  z.strictObject({ passkey: authenticationCredential }),
]);
export type ReauthBody = z.infer<typeof reauthBody>;

/** The session's new last proof: dangerous calls are open for STEP_UP_MINUTES from it. */
export const reauthAnswer = dataAnswer(z.strictObject({ authenticated_at: timestamp })).meta({ id: 'Reauth' });
