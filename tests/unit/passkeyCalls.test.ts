import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../src/providers/httpClient';
import { createPasskeyCalls } from '../../src/providers/passkeyCalls';
import { createPasskeyCredential } from '../../src/providers/webauthn';
import { fakeFetch } from '../helpers/fakeFetch';

// The browser's prompt answers at once, with a credential naming the challenge it answered.
vi.mock('../../src/providers/webauthn', () => ({
  createPasskeyCredential: vi.fn(async (options: { challenge: string }) => ({ id: `created-for-${options.challenge}` })),
}));

const passkey = { _id: 'p1', name: 'Laptop', created_at: '2026-11-26T20:00:00.000Z', last_used_at: null };

function setup(...answers: Parameters<typeof fakeFetch>) {
  const { fetch, calls } = fakeFetch(...answers);
  return { calls, passkeys: createPasskeyCalls(createHttpClient({ baseUrl: 'http://api.test/api', token: () => 'tok', fetch })) };
}

describe('passkey calls', () => {
  it('adds a passkey: the challenge, the browser’s prompt, then the credential kept under its name', async () => {
    const { passkeys, calls } = setup([200, { ok: true, data: { challenge: 'c-1' } }], [200, { ok: true, data: passkey }]);
    await expect(passkeys.addPasskey('Laptop')).resolves.toEqual(passkey);
    expect(createPasskeyCredential).toHaveBeenCalledWith({ challenge: 'c-1' });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST http://api.test/api/admin/passkeys/options',
      'POST http://api.test/api/admin/passkeys',
    ]);
    expect(calls[1]?.body).toEqual({ name: 'Laptop', credential: { id: 'created-for-c-1' } });
  });

  it('rejects with the server’s code, and a success without data as a failure', async () => {
    const { passkeys } = setup([409, { ok: false, code: 'REAUTH_REQUIRED' }], [200, { ok: true }]);
    await expect(passkeys.addPasskey('Laptop')).rejects.toThrow('REAUTH_REQUIRED');
    await expect(passkeys.listPasskeys()).rejects.toThrow('Error!');
  });

  it('renames and removes by id', async () => {
    const { passkeys, calls } = setup([200, { ok: true, data: { ...passkey, name: 'Desk' } }], [200, { ok: true }]);
    await expect(passkeys.renamePasskey('p 1', 'Desk')).resolves.toMatchObject({ name: 'Desk' });
    await passkeys.removePasskey('p1');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'PUT http://api.test/api/admin/passkeys/p%201',
      'DELETE http://api.test/api/admin/passkeys/p1',
    ]);
  });
});
