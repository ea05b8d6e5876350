import { ErrorCode } from '../../shared/catalogue/errorCodes';
import { messages } from '../../shared/catalogue/messages';
import type { ApiBody, ApiResponse, HttpClient } from './httpClient';

/** Not the console's `expectOk`: its react-admin HttpError is not downloaded by the signed-out screens. */
function answerOrRefusal(response: ApiResponse<ApiBody>, fallback: string): ApiBody {
  if (response.body.ok === false || response.status >= 400) throw new Error(response.body.code || fallback);
  return response.body;
}

/** The signed-out password screens' calls (/auth/forgot, /auth/reset). */
export function createPasswordCalls(http: HttpClient) {
  return {
    /** A server refusing a malformed address (VALIDATION_ERROR) has still been asked: that counts as sent too. */
    async forgotPassword(email: string): Promise<void> {
      const response = await http.post('/admin/forgot_password', { email });
      if (response.body.code === ErrorCode.VALIDATION_ERROR) return;
      answerOrRefusal(response, messages.failure.generic);
    },

    /**
     * password1 (`resetFromLinkBody` in shared/contract/auth.ts) has no input of its own; it repeats the password. Answers
     * the new session, or, for an admin with a second factor, MFA_REQUIRED and its `mfa_token`: the password is changed.
     */
    async resetPasswordFromLink(password: string, token: string): Promise<ApiBody> {
      const response = await http.post('/admin/forgot_password_reset', { password, password1: password, token });
      if (response.body.code === ErrorCode.MFA_REQUIRED) return response.body;
      return answerOrRefusal(response, messages.failure.unknown);
    },
  };
}

export type PasswordCalls = ReturnType<typeof createPasswordCalls>;
