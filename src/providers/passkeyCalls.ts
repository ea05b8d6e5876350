import { messages } from '../../shared/catalogue/messages';
import type { Passkey } from '../../shared/contract/passkeys';
import { dataOf, expectOk, type DataBody } from './apiResult';
import type { HttpClient } from './httpClient';
import { createPasskeyCredential } from './webauthn';

/** The signed-in admin's passkeys (the account page's Security tab); each rejects with the server's code or the prompt's failure. */
export function createPasskeyCalls(http: HttpClient) {
  return {
    async listPasskeys(): Promise<Passkey[]> {
      return dataOf(await http.get<DataBody<Passkey[]>>('/admin/passkeys'), messages.failure.generic);
    },

    /** The browser creates the key (its prompt), then the server keeps it under `name`. */
    async addPasskey(name: string): Promise<Passkey> {
      const options = dataOf(await http.post<DataBody<Record<string, unknown>>>('/admin/passkeys/options', {}), messages.failure.generic);
      const credential = await createPasskeyCredential(options);
      return dataOf(await http.post<DataBody<Passkey>>('/admin/passkeys', { name, credential }), messages.failure.generic);
    },

    async renamePasskey(id: string, name: string): Promise<Passkey> {
      return dataOf(await http.put<DataBody<Passkey>>(`/admin/passkeys/${encodeURIComponent(id)}`, { name }), messages.failure.generic);
    },

    async removePasskey(id: string): Promise<void> {
      expectOk(await http.delete(`/admin/passkeys/${encodeURIComponent(id)}`), messages.failure.generic);
    },
  };
}
