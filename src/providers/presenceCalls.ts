import type { RaRecord } from 'react-admin';
import { messages } from '../../shared/catalogue/messages';
import type { RecordViewer } from '../../shared/contract/presence';
import { expectOk } from './apiResult';
import type { ApiBody, HttpClient } from './httpClient';

const recordPath = (resource: string, id: RaRecord['id']) => `/presence/${encodeURIComponent(resource)}/${encodeURIComponent(String(id))}`;

/** Who else has a record's page open (`/presence`, shared/contract/presence.ts): this tab's heartbeat, its leaving, the push. */
export function createPresenceCalls(http: HttpClient) {
  return {
    async joinRecord(resource: string, id: RaRecord['id'], tabId: string): Promise<RecordViewer[]> {
      const body = expectOk(await http.post<ApiBody & { viewers?: RecordViewer[] }>('/presence', { resource, id, tab_id: tabId }), messages.failure.generic);
      return body.viewers ?? [];
    },

    async leaveRecord(resource: string, id: RaRecord['id'], tabId: string): Promise<void> {
      expectOk(await http.delete(`${recordPath(resource, id)}/${encodeURIComponent(tabId)}`), messages.failure.generic);
    },

    openRecordEvents(resource: string, id: RaRecord['id'], tabId: string, signal: AbortSignal): Promise<Response> {
      return http.stream(`${recordPath(resource, id)}/events?tab_id=${encodeURIComponent(tabId)}`, signal);
    },
  };
}
