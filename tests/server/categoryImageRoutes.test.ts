import { describe, expect, it } from 'vitest';
import { useSignedInServer } from '../helpers/testServer';

// Category images are derived from their fields (shared/entities/categoryImages.ts) with the standard routes the Bank
// has no use for left out (server/entities/categoryImages.ts: `search`, `update`, `read` set to false).
const ctx = useSignedInServer();

describe('category images, derived from their declaration', () => {
  it('serve the Bank its routes only: the whole list, an addition, a deletion; never paged, exported, edited, read alone or deleted in bulk', () => {
    const routes = ctx.server.app.routeList
      .filter((route) => route.url.startsWith('/api/category_image'))
      .flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`))
      .sort();
    expect(routes).toEqual(['DELETE /api/category_image/:id', 'POST /api/category_image', 'POST /api/category_image/search']);
  });

  it('name their record CategoryImage in the document, as the generated client does, and no schema after the label', async () => {
    const document = (await ctx.server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ components: { schemas: Record<string, unknown> } }>();
    expect(document.components.schemas).toHaveProperty('CategoryImage');
    expect(Object.keys(document.components.schemas)).not.toContain('Category image');
  });
});
