import type { RaRecord } from 'react-admin';
import { messages } from '../../shared/catalogue/messages';
import { expectOk, recordOf, type RecordBody } from './apiResult';
import type { ApiBody, HttpClient } from './httpClient';
import { toRecord, type ApiRecord } from './records';

/** A file upload item: a data URL and a name (`uploadBody` in shared/contract/files.ts). */
export interface UploadItem {
  rawBody: string;
  name: string;
}

/** The invite payload (`userInviteBody` in shared/contract/users.ts). */
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

/** A balance adjustment: a signed amount (2 decimals at most) and why. */
export interface CreditAdjustment {
  amount: number;
  reason: string;
}

const companyPath = (id: RaRecord['id']) => `/company/${encodeURIComponent(String(id))}`;

/**
 * The API calls (shared/contract/, published at /api/openapi.json) that are not react-admin CRUD:
 * uploads, comments, invitations, sync, credit adjustments.
 */
export function createCompanyCalls(http: HttpClient) {
  return {
    /** POST /file: answers the stored files' URLs, in order. */
    async uploadFiles(files: UploadItem[], folder: string): Promise<string[]> {
      const body = expectOk(await http.post<ApiBody & { data?: string[] }>('/file', { files, folder }), messages.failure.generic);
      return body.data ?? [];
    },

    /** POST /company/{id}/comment: answers the company. */
    async addComment(companyId: RaRecord['id'], text: string): Promise<RaRecord> {
      const body = expectOk(await http.post<RecordBody>(`${companyPath(companyId)}/comment`, { text }), messages.failure.generic);
      return recordOf(body, messages.failure.generic);
    },

    /** PUT /company/{id}/delete-comment/{commentId}: answers the remaining comments. */
    async deleteComment(companyId: RaRecord['id'], commentId: string): Promise<RaRecord[]> {
      const path = `${companyPath(companyId)}/delete-comment/${encodeURIComponent(commentId)}`;
      const body = expectOk(await http.put<ApiBody & { data?: ApiRecord[] }>(path, {}), messages.failure.generic);
      return (body.data ?? []).map(toRecord);
    },

    /** POST /user/invite. */
    async inviteUser(invite: InvitePayload): Promise<void> {
      expectOk(await http.post('/user/invite', invite), messages.failure.invite);
    },

    /** POST /company/{id}/credit: moves the balance with a ledger entry; answers the company. */
    async adjustCredit(companyId: RaRecord['id'], adjustment: CreditAdjustment): Promise<RaRecord> {
      const body = expectOk(await http.post<RecordBody>(`${companyPath(companyId)}/credit`, adjustment), messages.failure.generic);
      return recordOf(body, messages.failure.generic);
    },

    /** POST /company/{id}/sync: answers the recorded job. */
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
