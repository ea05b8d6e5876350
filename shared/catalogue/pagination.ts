/** Every list shows 10 rows a page, and the server is asked for offset (page-1)*10. */
export const PAGE_SIZE = 10;

export const offsetForPage = (page: number, pageSize: number = PAGE_SIZE): number => Math.max(0, Math.floor(page) - 1) * pageSize;

export const totalPages = (total: number, pageSize: number = PAGE_SIZE): number => Math.max(1, Math.ceil(total / pageSize));
