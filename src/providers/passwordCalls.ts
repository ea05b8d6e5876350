import { ErrorCode } from '../../shared/catalogue/errorCodes';
import { messages } from '../../shared/catalogue/messages';
import type { ApiBody, ApiResponse, HttpClient } from './httpClient';

/**
 * A refusal rejects with the server's code, else the fallback text. (The console's `expectOk` throws react-admin's
 * HttpError, which the signed-out screens neither need nor download.)
 */
function answerOrRefusal(response: ApiResponse<ApiBody>, fallback: string): ApiBody {
  if (response.body.ok === false || response.status >= 400) throw new Error(response.body.code || fallback);
  return response.body;
}

/** The calls of the signed-out password screens (/auth/forgot, /auth/reset); each rejects with the server's code, else the fallback text. */
export function createPasswordCalls(http: HttpClient) {
  return {
    /**
     * The request is sent whatever the address looks like, and the confirmation follows. A server that
     * refuses a malformed address (VALIDATION_ERROR) has still been asked, so that counts as sent too.
     */
    async forgotPassword(email: string): Promise<void> {
      const response = await http.post('/admin/forgot_password', { email });
      if (response.body.code === ErrorCode.VALIDATION_ERROR) return;
      answerOrRefusal(response, messages.failure.generic);
    },

    /** password1 (`resetFromLinkBody` in shared/contract/auth.ts) has no input of its own; it repeats the password. Answers the new session. */
    async resetPasswordFromLink(password: string, token: string): Promise<ApiBody> {
      return answerOrRefusal(await http.post('/admin/forgot_password_reset', { password, password1: password, token }), messages.failure.unknown);
    },
  };
}

export type PasswordCalls = ReturnType<typeof createPasswordCalls>;
