import type { RaRecord } from 'react-admin';
import { messages } from '../../shared/catalogue/messages';
import type { CompanySummary } from '../../shared/contract/companies';
import { dataOf, expectOk, recordOf, type DataBody, type RecordBody } from './apiResult';
import type { CreditRequestRecord } from './creditRequestCalls';
import type { ApiBody, HttpClient } from './httpClient';
import { toRecord, type ApiRecord } from './records';

export interface UploadItem {
  rawBody: string;
  name: string;
}

export interface InvitePayload {
  name: string;
  email: string;
  organisation_id: string;
  organisation_name: string;
  invited: true;
}

export interface SyncJob {
  _id: string;
  organization_id: string;
  status: string;
  started_at: string;
}

export interface CreditAdjustment {
  amount: number;
  reason: string;
}

/** An adjustment applied at once (the company as it now is), or waiting for a second admin (nothing moved). */
export type CreditAdjustmentOutcome = { pending: false; company: RaRecord } | { pending: true; request: CreditRequestRecord };

/** The status of an adjustment that became a credit request (four eyes). */
const PENDING_APPROVAL = 202;

const companyPath = (id: RaRecord['id']) => `/company/${encodeURIComponent(String(id))}`;

/** The calls (shared/contract/) that are not react-admin CRUD. */
export function createCompanyCalls(http: HttpClient) {
  return {
    async uploadFiles(files: UploadItem[], folder: string): Promise<string[]> {
      const body = expectOk(await http.post<ApiBody & { data?: string[] }>('/file', { files, folder }), messages.failure.generic);
      return body.data ?? [];
    },

    async addComment(companyId: RaRecord['id'], text: string): Promise<RaRecord> {
      const body = expectOk(await http.post<RecordBody>(`${companyPath(companyId)}/comment`, { text }), messages.failure.generic);
      return recordOf(body, messages.failure.generic);
    },

    async deleteComment(companyId: RaRecord['id'], commentId: string): Promise<RaRecord[]> {
      const path = `${companyPath(companyId)}/delete-comment/${encodeURIComponent(commentId)}`;
      const body = expectOk(await http.put<ApiBody & { data?: ApiRecord[] }>(path, {}), messages.failure.generic);
      return (body.data ?? []).map(toRecord);
    },

    async inviteUser(invite: InvitePayload): Promise<void> {
      expectOk(await http.post('/user/invite', invite), messages.failure.invite);
    },

    /** POST /company/{id}/credit: moves the balance with a ledger entry (200, the company), or asks a second admin to (202, the request). */
    async adjustCredit(companyId: RaRecord['id'], adjustment: CreditAdjustment): Promise<CreditAdjustmentOutcome> {
      const response = await http.post<RecordBody>(`${companyPath(companyId)}/credit`, adjustment);
      const record = recordOf(expectOk(response, messages.failure.generic), messages.failure.generic);
      return response.status === PENDING_APPROVAL ? { pending: true, request: record as CreditRequestRecord } : { pending: false, company: record };
    },

    /** GET /company/{id}/summary: what hangs on the company, counted (its page's summary and tab counts). */
    async getCompanySummary(companyId: RaRecord['id']): Promise<CompanySummary> {
      return dataOf(await http.get<DataBody<CompanySummary>>(`${companyPath(companyId)}/summary`), messages.load.company);
    },

    async startSync(companyId: RaRecord['id'], organizationId: string): Promise<SyncJob> {
      const body = expectOk(
        await http.post<ApiBody & { data?: SyncJob }>(`${companyPath(companyId)}/sync`, { organization_id: organizationId }),
        messages.failure.generic,
      );
      if (!body.data) throw new Error(messages.failure.generic);
      return body.data;
    },
  };
}
