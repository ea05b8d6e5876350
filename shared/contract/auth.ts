import { z } from 'zod';
import { adminRecord } from './admins';
import { okAnswer } from './envelope';
import { emailSchema } from './primitives';

const passwordInput = z.string().min(1).max(1024);

export const signinBody = z.object({ email: emailSchema, password: passwordInput });

export const forgotPasswordBody = z.object({ email: emailSchema });

/** `password1` is the confirmation, checked when sent. */
export const resetFromLinkBody = z.object({
  password: passwordInput,
  password1: passwordInput.optional(),
  token: z.string().min(1).max(200),
});

export const changePasswordBody = z.object({
  password: passwordInput,
  newPassword: passwordInput,
  verifyPassword: passwordInput,
});

/** An open session: its token (also set as the httpOnly cookie) and the signed-in admin. */
export const sessionAnswer = z
  .strictObject({
    ok: z.literal(true),
    token: z.string(),
    user: adminRecord,
    /** The admin's role needs a second factor (MFA_REQUIRED_ROLES) and they have none: only enrolling one is open. */
    mfa_enrolment_required: z.literal(true).optional(),
  })
  .meta({ id: 'Session' });
export type SessionAnswer = z.infer<typeof sessionAnswer>;

export const signedOut = okAnswer;
/** The same answer whatever the address: known, unknown or malformed. */
export const forgotPasswordAnswer = okAnswer;
export const passwordChanged = okAnswer;
