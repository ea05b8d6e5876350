import type { GetListParams } from 'react-admin';
import { PAGE_SIZE, offsetForPage } from '../../shared/catalogue/pagination';
import type { ResourceApi } from '../resources/declarations';

/** The body of every `POST …/search`: search, the filters, `sort` ({field: 1|-1}, one key), offset. */
export function searchPayload(api: ResourceApi, params: Pick<GetListParams, 'filter' | 'pagination' | 'sort'>): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params.filter ?? {})) {
    if (value === undefined || value === null || value === '' || name === api.parent?.filter) continue;
    payload[api.filterNames?.[name] ?? name] = value;
  }
  const perPage = params.pagination?.perPage ?? PAGE_SIZE;
  payload.offset = offsetForPage(params.pagination?.page ?? 1, perPage);
  // Every paged search takes `limit`, PAGE_SIZE by default: sent when the list's page is another size.
  if (perPage !== PAGE_SIZE) payload.limit = perPage;
  // react-admin's default sort is by `id`, which no list offers as a column: the server's default order applies.
  if (api.sortable && params.sort?.field && params.sort.field !== 'id') {
    payload.sort = { [params.sort.field]: params.sort.order === 'ASC' ? 1 : -1 };
  }
  return payload;
}

/** Where a resource is searched: its own path, or under the parent record its filter names. */
export function searchPath(api: ResourceApi, filter: GetListParams['filter']): string {
  if (!api.parent) return `${api.path}/search`;
  const parentId: unknown = filter?.[api.parent.filter];
  if (typeof parentId !== 'string' && typeof parentId !== 'number') throw new Error(`Missing filter: ${api.parent.filter}`);
  return `${api.parent.path}/${encodeURIComponent(String(parentId))}${api.path}/search`;
}
