import { z } from 'zod';
import { dataAnswer } from './envelope';
import { idSchema, timestamp } from './primitives';

/** One of the signed-in admin's passkeys: never its key nor its credential id. */
export const passkeyRecord = z
  .strictObject({
    _id: idSchema,
    name: z.string(),
    created_at: timestamp,
    last_used_at: timestamp.nullable(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof passkeyRecord>;

export const passkeysAnswer = dataAnswer(z.array(passkeyRecord)).meta({ id: 'Passkeys' });
export const passkeyAnswer = dataAnswer(passkeyRecord);

const passkeyName = z.string().trim().min(1).max(100);
const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/)
  .max(8192);

/** What the browser's `navigator.credentials` answered, as `@simplewebauthn/browser` serialises it; the library checks the rest. */
const credentialAnswer = <Response extends z.ZodRawShape>(response: Response) =>
  z.looseObject({
    id: base64url.min(1),
    rawId: base64url.min(1),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: base64url.min(1), ...response }),
    clientExtensionResults: z.looseObject({}).default({}),
  });
/** WebAuthn's transports (AuthenticatorTransportFuture), kept with the key and offered back to the browser. */
const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8);
export const registrationCredential = credentialAnswer({ attestationObject: base64url.min(1), transports: transports.optional() });
export const authenticationCredential = credentialAnswer({ authenticatorData: base64url.min(1), signature: base64url.min(1) });

/** The options for `navigator.credentials` as `@simplewebauthn/server` makes them: passed to the browser untouched. */
export const webauthnOptionsAnswer = dataAnswer(z.record(z.string(), z.unknown())).meta({ id: 'WebAuthnOptions' });

/** Nothing to send; a body, if any, is an empty object. */
export const passkeyOptionsBody = z.strictObject({}).optional();

export const passkeyCreateBody = z.object({ name: passkeyName, credential: registrationCredential });
export const passkeyRenameBody = z.object({ name: passkeyName });
export const passkeyParams = z.object({ id: idSchema });

/** With the sign-in's `mfa_token`, a passkey is the second factor; without, it signs in alone. */
export const passkeySigninOptionsBody = z.object({ mfa_token: z.string().min(1).max(200).optional() }).optional();
export const passkeySigninBody = z.object({ mfa_token: z.string().min(1).max(200).optional(), credential: authenticationCredential });
