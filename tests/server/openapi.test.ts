import { afterAll, describe, expect, it } from 'vitest';
import { buildTestServer } from '../helpers/testServer';

interface Operation {
  summary?: string;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Fastify's `/x/:id` as OpenAPI's `/x/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', async () => {
  const server = await buildTestServer({ devRoutes: true });
  afterAll(() => server.close());
  const document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
  const apiRoutes = server.app.routeList.filter((route) => route.url.startsWith('/api/'));

  it('is OpenAPI 3 and served without a session', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(apiRoutes.length).toBeGreaterThan(40);
  });

  it.each(apiRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))('describes %s with a summary, its answer and the refusal', (_, route) => {
    const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    expect(operation, 'route missing from the document').toBeDefined();
    expect(operation?.summary).toBeTruthy();
    const success = Object.keys(operation?.responses ?? {}).find((status) => status.startsWith('2'));
    expect(success, 'no success answer described').toBeDefined();
    expect(operation?.responses?.['4XX'] ?? operation?.responses?.['4xx'], 'refusal envelope not described').toBeDefined();
  });

  it('is browsable at /api/docs', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});
