import { messages } from '../../shared/catalogue/messages';
import { dataOf, expectOk, type DataBody } from './apiResult';
import type { HttpClient } from './httpClient';
import { getPasskeyCredential } from './webauthn';
import type { StepUpProof } from './stepUp';

/** Fresh proof for the dangerous calls (STEP_UP_MINUTES); rejects with the server's code (WRONG_PASSWORD, INVALID_CODE, INVALID_PASSKEY, RATE_LIMITED). */
export function createStepUpCalls(http: HttpClient) {
  return {
    async reauthenticate(proof: StepUpProof): Promise<void> {
      expectOk(await http.post('/admin/reauth', proof), messages.failure.generic);
    },

    /** One of the admin's passkeys signs a fresh challenge (the browser's prompt); rejects as `reauthenticate` does, or with the prompt's failure. */
    async reauthenticateWithPasskey(): Promise<void> {
      const options = dataOf(await http.post<DataBody<Record<string, unknown>>>('/admin/reauth/passkey/options', {}), messages.failure.generic);
      const passkey = await getPasskeyCredential(options);
      expectOk(await http.post('/admin/reauth', { passkey }), messages.failure.generic);
    },
  };
}
