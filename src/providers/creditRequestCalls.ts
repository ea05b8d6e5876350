import type { RaRecord } from 'react-admin';
import { messages } from '../../shared/catalogue/messages';
import type { CreditAllowance, CreditRequest } from '../../shared/contract/creditRequests';
import { dataOf, expectOk, type DataBody } from './apiResult';
import type { HttpClient } from './httpClient';
import type { ConsoleRecord } from './records';

/** A credit adjustment waiting for a second admin, or decided; listed through getList('credit_request'). */
export type CreditRequestRecord = ConsoleRecord<CreditRequest>;

const requestPath = (id: RaRecord['id']) => `/credit_request/${encodeURIComponent(String(id))}`;

/** The decisions on a credit request; each rejects with the server's code (SELF_APPROVAL, ALREADY_DECIDED…). */
export function createCreditRequestCalls(http: HttpClient) {
  return {
    /** POST /credit_request/{id}/approve: the ledger entry and the balance move with the decision. */
    async approveCreditRequest(id: RaRecord['id']): Promise<void> {
      expectOk(await http.post(`${requestPath(id)}/approve`), messages.failure.generic);
    },

    async rejectCreditRequest(id: RaRecord['id'], reason: string): Promise<void> {
      expectOk(await http.post(`${requestPath(id)}/reject`, { reason }), messages.failure.generic);
    },

    /** GET /credit_request/allowance: how much the signed-in admin may still move alone now (four eyes by sum). */
    async getCreditAllowance(): Promise<CreditAllowance> {
      return dataOf(await http.get<DataBody<CreditAllowance>>('/credit_request/allowance'), messages.failure.generic);
    },
  };
}
