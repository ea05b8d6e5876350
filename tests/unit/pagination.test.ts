import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, offsetForPage, totalPages } from '../../shared/catalogue/pagination';

describe('pagination: 10 rows a page', () => {
  it('10 a page, offset (page-1)*10', () => {
    expect(PAGE_SIZE).toBe(10);
    expect([1, 2, 3, 500].map((page) => offsetForPage(page))).toEqual([0, 10, 20, 4990]);
    expect(offsetForPage(0)).toBe(0);
  });

  it('total pages round up and never fall below 1', () => {
    expect([0, 1, 10, 11, 25].map((total) => totalPages(total))).toEqual([1, 1, 1, 2, 3]);
  });
});
