import { BALANCE_SOURCE } from '../product';

/** A list screen's address in react-admin's own URL format, so that the list opens filtered and sorted as asked. */
export function listUrl(
  path: string,
  { filter, sort }: { filter?: Record<string, string | boolean>; sort?: { field: string; order: 'ASC' | 'DESC' } } = {},
): string {
  const query: Array<[string, string]> = [];
  if (filter) query.push(['filter', JSON.stringify(filter)]);
  if (sort) query.push(['sort', sort.field], ['order', sort.order]);
  return query.length ? `${path}?${query.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}` : path;
}

const NEWEST_FIRST = { field: 'created_at', order: 'DESC' } as const;

/** Each counter's list; the trends' lists, newest first (users and rooms have no sort: the newest come first anyway). */
export const links = {
  companies: listUrl('/company', { sort: NEWEST_FIRST }),
  users: '/user',
  offers: listUrl('/offer', { sort: NEWEST_FIRST }),
  needs: listUrl('/need', { sort: NEWEST_FIRST }),
  rooms: '/message',
  admins: '/admin',
  credit: listUrl('/company', { sort: { field: BALANCE_SOURCE, order: 'DESC' } }),
  creditMovements: listUrl('/audit', { filter: { action: 'credit_adjustment' } }),
  needsByUrgency: (emergency: string) => listUrl('/need', { filter: { emergency } }),
  needsByStatus: (status: string) => listUrl('/need', { filter: { status } }),
  offersByDomain: (domain: string) => listUrl('/offer', { filter: { activity_domain: domain } }),
  needsByDomain: (domain: string) => listUrl('/need', { filter: { activity_domain: domain } }),
  room: (id: string) => `/message/${encodeURIComponent(id)}`,
};
