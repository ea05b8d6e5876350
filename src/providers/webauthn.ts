import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { messages } from '../../shared/catalogue/messages';

/** The browser's refusals (NotAllowedError: cancelled or timed out) say nothing the admin can act on beyond this. */
function passkeyFailure(error: unknown): Error {
  if (error instanceof Error && error.name === 'InvalidStateError') return new Error(messages.passkey.alreadyRegistered);
  return new Error(messages.passkey.cancelled);
}

/**
 * The browser's passkey prompts, through `@simplewebauthn/browser` loaded on first use, so that the sign-in page's
 * script stays small. Each answers the credential as JSON for the server, or rejects with a readable message.
 */
export async function createPasskeyCredential(options: Record<string, unknown>): Promise<unknown> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  return startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }).catch((error: unknown) => {
    throw passkeyFailure(error);
  });
}

export async function getPasskeyCredential(options: Record<string, unknown>): Promise<unknown> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  return startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }).catch((error: unknown) => {
    throw passkeyFailure(error);
  });
}
