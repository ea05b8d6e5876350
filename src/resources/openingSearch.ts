import { PAGE_SIZE } from '../../shared/catalogue/pagination';
import { searchPath, searchPayload } from '../providers/searchRequest';
import { listAddressOf } from './declarations';
import { endpoints } from './endpoints';

/** A search call: its path and body. */
export interface SearchRequest {
  path: string;
  payload: Record<string, unknown>;
}

/**
 * The first search of the list an address opens (a list's own, or the page that lists it), with no query: react-admin then
 * opens the list on page 1, unfiltered, in its `listOpening` order, PAGE_SIZE rows (ResourceList). The entry
 * sends it ahead while the console's code downloads (httpClient.sendAhead), and the list's identical call takes the
 * answer. With a query (filters, sort or page in the URL), the list's own call is the only one.
 */
export function openingListSearch({ pathname, search }: Pick<Location, 'pathname' | 'search'>): SearchRequest | undefined {
  if (search !== '') return undefined;
  const endpoint = endpoints.find((candidate) => listAddressOf(candidate) === pathname);
  if (!endpoint) return undefined;
  const params = { filter: {}, pagination: { page: 1, perPage: PAGE_SIZE }, sort: endpoint.listOpening?.sort };
  return { path: searchPath(endpoint.api, params.filter), payload: searchPayload(endpoint.api, params) };
}
