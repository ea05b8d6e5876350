import type { RaRecord } from 'react-admin';
import { messages } from '../../shared/catalogue/messages';
import { expectOk } from './apiResult';
import type { ApiBody, HttpClient } from './httpClient';
import type { Impersonation } from '../../shared/contract/users';

/** 'Login as': the server mints a single-use token for that one user. */
export function createUserCalls(http: HttpClient) {
  return {
    async impersonate(userId: RaRecord['id']): Promise<Impersonation> {
      const body = expectOk(
        await http.post<ApiBody & { data?: Impersonation }>(`/user/${encodeURIComponent(String(userId))}/impersonate`, {}),
        messages.failure.generic,
      );
      if (!body.data?.token) throw new Error(messages.failure.generic);
      return body.data;
    },
  };
}
