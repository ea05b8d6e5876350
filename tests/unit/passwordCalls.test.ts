import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../src/providers/httpClient';
import { createPasswordCalls } from '../../src/providers/passwordCalls';
import { fakeFetch } from '../helpers/fakeFetch';

const callsWith = (...answers: Parameters<typeof fakeFetch>) => {
  const { fetch, calls } = fakeFetch(...answers);
  return { passwordCalls: createPasswordCalls(createHttpClient({ baseUrl: 'http://api.test/api', token: () => null, fetch })), calls };
};

describe('password calls of the signed-out screens', () => {
  it("forgot password: sent counts as sent, even when the server refuses the address's form; other refusals show their code", async () => {
    const { passwordCalls, calls } = callsWith([200, { ok: true }], [400, { ok: false, code: 'VALIDATION_ERROR' }], [429, { ok: false, code: 'RATE_LIMITED' }]);
    await expect(passwordCalls.forgotPassword('admin@example.com')).resolves.toBeUndefined();
    await expect(passwordCalls.forgotPassword('not-an-address')).resolves.toBeUndefined();
    await expect(passwordCalls.forgotPassword('admin@example.com')).rejects.toThrow('RATE_LIMITED');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(Array(3).fill('POST http://api.test/api/admin/forgot_password'));
    expect(calls.map((call) => call.body)).toEqual([{ email: 'admin@example.com' }, { email: 'not-an-address' }, { email: 'admin@example.com' }]);
  });

  it('reset from a link repeats the password as password1, answers the session, and rejects with the code', async () => {
    const session = { ok: true, token: 't', user: { _id: 'me', name: 'N', email: 'e@x.co' } };
    const { passwordCalls, calls } = callsWith([200, session], [400, { ok: false, code: 'INVALID_TOKEN' }], [500, {}]);
    await expect(passwordCalls.resetPasswordFromLink('new-pass-1', 'tok')).resolves.toEqual(session);
    await expect(passwordCalls.resetPasswordFromLink('new-pass-1', 'tok')).rejects.toThrow('INVALID_TOKEN');
    await expect(passwordCalls.resetPasswordFromLink('new-pass-1', 'tok')).rejects.toThrow('UNKNOWN_ERROR');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: 'http://api.test/api/admin/forgot_password_reset',
      body: { password: 'new-pass-1', password1: 'new-pass-1', token: 'tok' },
    });
  });

  it('reset from a link answers MFA_REQUIRED and its token for an admin with a second factor', async () => {
    const refusal = { ok: false, code: 'MFA_REQUIRED', mfa_token: 'mfa-9' };
    const { passwordCalls } = callsWith([401, refusal]);
    await expect(passwordCalls.resetPasswordFromLink('new-pass-1', 'tok')).resolves.toEqual(refusal);
  });
});
