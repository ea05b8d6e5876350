import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** Authenticator data flags (WebAuthn §6.1): user present, user verified, attested credential data included. */
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  counter: number;
  /** The user handle the relying party gave at creation, answered when the passkey signs in alone. */
  userHandle: string;
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/**
 * A software passkey authenticator (ES256, attestation 'none') for server tests: it answers a registration's and an
 * authentication's options as a browser's `navigator.credentials` would, JSON-serialised as `@simplewebauthn/browser` sends them.
 */
export function softAuthenticator(origin: string) {
  const rpIdHash = sha256(new URL(origin).hostname);
  const credentials: Credential[] = [];

  const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, from: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));

  return {
    credentials,
    /** `options` as `POST /admin/passkeys/options` answers them. */
    create(options: { challenge: string; user: { id: string } }, { from = origin } = {}) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const coseKey = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x as string, 'base64url')],
        [-3, Buffer.from(jwk.y as string, 'base64url')],
      ]);
      const id = randomBytes(16);
      const credential: Credential = { id, privateKey, counter: 0, userHandle: options.user.id };
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([USER_PRESENT | USER_VERIFIED | ATTESTED_CREDENTIAL]),
        u32(0),
        Buffer.alloc(16),
        idLength,
        id,
        Buffer.from(isoCBOR.encode(coseKey)),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as never,
      );
      credentials.push(credential);
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, from)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /** Signs `options.challenge` with the credential at `index` (the latest by default); `counter` forces the signature count. */
    get(
      options: { challenge: string },
      {
        index = credentials.length - 1,
        userVerified = true,
        counter,
        from = origin,
      }: { index?: number; userVerified?: boolean; counter?: number; from?: string } = {},
    ) {
      const credential = credentials[index];
      if (!credential) throw new Error(`no credential ${index}`);
      credential.counter = counter ?? credential.counter + 1;
      const authenticatorData = Buffer.concat([rpIdHash, Buffer.from([USER_PRESENT | (userVerified ? USER_VERIFIED : 0)]), u32(credential.counter)]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, from);
      const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey);
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authenticatorData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
export type SoftAuthenticator = ReturnType<typeof softAuthenticator>;
