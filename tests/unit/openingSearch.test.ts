import { describe, expect, it } from 'vitest';
import { openingListSearch } from '../../src/resources/openingSearch';

const at = (pathname: string, search = '') => openingListSearch({ pathname, search });

describe("openingListSearch: the first search of the list an address opens, sent by the page's entry", () => {
  it("is page 1, unfiltered, in the list's opening order, as the list's API takes it", () => {
    expect(at('/company')).toEqual({ path: '/company/search', payload: { offset: 0, sort: { created_at: -1 } } });
    expect(at('/offer')).toEqual({ path: '/offer/search', payload: { offset: 0, sort: { created_at: -1 } } });
    expect(at('/need')).toEqual({ path: '/need/search', payload: { offset: 0, sort: { created_at: -1 } } });
    expect(at('/admin')).toEqual({ path: '/admin/search', payload: { offset: 0 } });
    expect(at('/user')).toEqual({ path: '/user/search', payload: { offset: 0 } });
    // The rooms' search takes the page size and lives under /room.
    expect(at('/message')).toEqual({ path: '/room/search', payload: { offset: 0 } });
    // The audit trail's list is the Audit page, in the server's order.
    expect(at('/audit')).toEqual({ path: '/audit/search', payload: { offset: 0 } });
  });

  it('is none where the list would not open unfiltered on page 1, or where no list opens', () => {
    expect(at('/company', '?filter=%7B%22search%22%3A%22a%22%7D')).toBeUndefined();
    expect(at('/company', '?page=2')).toBeUndefined();
    expect(at('/audit', '?page=2')).toBeUndefined();
    for (const pathname of ['/', '/company/abc', '/company/', '/credit_entry', '/audit_event', '/bank', '/audit/', '/auth', '/nope']) {
      expect(at(pathname), pathname).toBeUndefined();
    }
  });
});
