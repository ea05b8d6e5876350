import { messages } from '../../shared/catalogue/messages';
import type { MfaStatus } from '../../shared/contract/mfa';
import { dataOf, expectOk, type DataBody } from './apiResult';
import type { HttpClient } from './httpClient';

/** The signed-in admin's second factor (the account page's Security tab); each rejects with the server's code. */
export function createSecondFactorCalls(http: HttpClient) {
  return {
    async getSecondFactor(): Promise<MfaStatus> {
      return dataOf(await http.get<DataBody<MfaStatus>>('/admin/mfa'), messages.failure.generic);
    },

    /** A new key each call until one is confirmed. */
    async setupTotp(): Promise<{ secret: string; otpauth_url: string }> {
      return dataOf(await http.post<DataBody<{ secret: string; otpauth_url: string }>>('/admin/mfa/totp/setup', {}), messages.failure.generic);
    },

    /** Answers the recovery codes, shown once. */
    async confirmTotp(code: string): Promise<string[]> {
      return dataOf(await http.post<DataBody<{ recovery_codes: string[] }>>('/admin/mfa/totp/confirm', { code }), messages.failure.generic).recovery_codes;
    },

    async disableTotp(password: string): Promise<void> {
      expectOk(await http.post('/admin/mfa/totp/disable', { password }), messages.failure.generic);
    },

    async regenerateRecoveryCodes(code: string): Promise<string[]> {
      return dataOf(await http.post<DataBody<{ recovery_codes: string[] }>>('/admin/mfa/recovery_codes/regenerate', { code }), messages.failure.generic)
        .recovery_codes;
    },
  };
}
