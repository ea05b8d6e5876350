import type { RaRecord } from 'react-admin';
import { messages } from '../../shared/catalogue/messages';
import type { BulkRowResult } from '../../shared/contract/bulk';
import { resourceApi } from '../resources/endpoints';
import { expectOk } from './apiResult';
import type { ApiBody, HttpClient } from './httpClient';

/** The bulk actions the server offers: `POST {path}/bulk_{action}` with the selected ids (and the action's value). */
export type BulkAction = 'delete' | 'status' | 'move';

/** Bulk actions over a list's selection: one call, one transaction, what happened to each row. */
export function createBulkCalls(http: HttpClient) {
  return {
    async bulk(resource: string, action: BulkAction, ids: readonly RaRecord['id'][], values: Record<string, unknown> = {}): Promise<BulkRowResult[]> {
      const api = resourceApi(resource);
      const body = expectOk(
        await http.post<ApiBody & { results?: BulkRowResult[] }>(`${api.path}/bulk_${action}`, { ...values, ids }),
        messages.failure.generic,
      );
      return body.results ?? [];
    },
  };
}
