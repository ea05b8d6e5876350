import { rememberedPerPage } from '../custom/components/rowsPerPage';
import { searchPath, searchPayload } from '../providers/searchRequest';
import { listAddressOf, type ResourceEndpoint } from './declarations';

/**
 * The endpoints the page's entry knows (`{folder}/api.ts`, screens-free): read here rather than from the declarations,
 * whose lazy screens, imported by the entry, would split the console's shared code into chunks every screen fetches.
 */
const sentAhead = Object.values(import.meta.glob<ResourceEndpoint>('./*/api.ts', { eager: true, import: 'default' }));

/** A search call: its path and body. */
export interface SearchRequest {
  path: string;
  payload: Record<string, unknown>;
}

/**
 * The first search of the list an address opens (a list's own, or the page that lists it), with no query: react-admin then
 * opens the list on page 1, unfiltered, in its `listOpening` order, its remembered rows per page (ResourceList). The entry
 * sends it ahead while the console's code downloads (httpClient.sendAhead), and the list's identical call takes the
 * answer. With a query (filters, sort or page in the URL), the list's own call is the only one.
 */
export function openingListSearch({ pathname, search }: Pick<Location, 'pathname' | 'search'>): SearchRequest | undefined {
  if (search !== '') return undefined;
  const endpoint = sentAhead.find((candidate) => listAddressOf(candidate) === pathname);
  if (!endpoint) return undefined;
  // At the admin's remembered rows-per-page, as the list opens (ResourceList).
  const params = { filter: {}, pagination: { page: 1, perPage: rememberedPerPage(endpoint.name) }, sort: endpoint.listOpening?.sort };
  return { path: searchPath(endpoint.api, params.filter), payload: searchPayload(endpoint.api, params) };
}

/** The endpoints whose lists are sent ahead: for the tests, which check each is its folder's declaration's. */
export const endpointsSentAhead: readonly ResourceEndpoint[] = sentAhead;
