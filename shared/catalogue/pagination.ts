/** Every list shows 10 rows a page, and the server is asked for offset (page-1)*10. */
export const PAGE_SIZE = 10;
/** The most rows a page may hold: the lists offer 10 (the default), 25, 50 and 100 (`limit` in every search body). */
export const MAX_PAGE_SIZE = 100;

export const offsetForPage = (page: number, pageSize: number = PAGE_SIZE): number => Math.max(0, Math.floor(page) - 1) * pageSize;

export const totalPages = (total: number, pageSize: number = PAGE_SIZE): number => Math.max(1, Math.ceil(total / pageSize));
