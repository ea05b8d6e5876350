import { afterAll, describe, expect, it } from 'vitest';
import { operationIdOf, openApiPath } from '../../server/lib/openApiDocument';
import { routesWithOwnRefusals } from '../../server/lib/operationRefusals';
import { lintDocument } from '../../scripts/openapiTools';
import { buildTestServer } from '../helpers/testServer';

interface Response {
  $ref?: string;
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: { properties?: { code?: { enum?: string[] }; errors?: unknown } } }>;
}
interface Operation {
  summary?: string;
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  tags?: string[];
  requestBody?: { required?: boolean };
  responses?: Record<string, Response>;
}
type OpenApiDocument = {
  openapi: string;
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { required?: string[]; additionalProperties?: unknown; properties?: Record<string, unknown> }>;
    responses: Record<string, Response>;
  };
};

/** A URL of the route with plausible parameters: a record id, a presence resource, a tab id. */
const sampleUrl = (url: string) => url.replace(':resource', 'company').replace(':tab_id', 'tab-00000001').replace(/:\w+/g, '0123456789abcdef01234567');

describe('the OpenAPI document', async () => {
  const server = await buildTestServer({ devRoutes: true });
  afterAll(() => server.close());
  const document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
  const apiRoutes = server.app.routeList.filter((route) => route.url.startsWith('/api/'));
  const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));
  const operationOf = (method: string, url: string) => document.paths[openApiPath(url)]?.[method.toLowerCase()];
  /** A refusal is a shared response, `#/components/responses/Status404NotFound`. */
  const responseOf = (operation: Operation | undefined, status: string) => {
    const response = operation?.responses?.[status];
    return response?.$ref ? document.components.responses[response.$ref.replace('#/components/responses/', '')] : response;
  };
  const codesOf = (method: string, url: string, status: string) =>
    responseOf(operationOf(method, url), status)?.content?.['application/json']?.schema?.properties?.code?.enum;

  it('is OpenAPI 3.1 on this server, and served without a session', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(apiRoutes.length).toBeGreaterThan(40);
  });

  it.each(apiRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    'describes %s with a summary, its answer and each refusal by status',
    (_, route) => {
      const operation = operationOf(route.method, route.url);
      expect(operation, 'route missing from the document').toBeDefined();
      expect(operation?.summary).toBeTruthy();
      const statuses = Object.keys(operation?.responses ?? {});
      expect(
        statuses.find((status) => status.startsWith('2')),
        'no success answer described',
      ).toBeDefined();
      expect(
        statuses.filter((status) => /X/i.test(status)),
        'a catch-all range',
      ).toEqual([]);
      expect(statuses).toEqual(expect.arrayContaining(['400', '500', '503']));
      for (const status of statuses.filter((one) => !one.startsWith('2'))) {
        const response = responseOf(operation, status);
        const codes = response?.content?.['application/json']?.schema?.properties?.code?.enum;
        expect(codes?.length, `${status} names its codes`).toBeGreaterThan(0);
        for (const code of codes ?? []) expect(response?.description).toContain(code);
      }
      expect(responseOf(operation, '400')?.content?.['application/json']?.schema?.properties?.errors).toBeDefined();
      for (const status of ['429', '503']) if (operation?.responses?.[status]) expect(responseOf(operation, status)?.headers).toHaveProperty('Retry-After');
    },
  );

  it('declares a session exactly on the routes that refuse a call without one', async () => {
    for (const route of apiRoutes) {
      const answer = await server.app.inject({ method: route.method as 'GET', url: sampleUrl(route.url), ...(route.method === 'GET' ? {} : { payload: {} }) });
      const refusedUnsigned = answer.statusCode === 401 && answer.json<{ code: string }>().code === 'UNAUTHORIZED';
      const security = operationOf(route.method, route.url)?.security;
      expect(security, `${route.method} ${route.url}`).toBeDefined();
      if (route.url === '/api/registry/recherche') continue; // Its token is a query parameter, not a session.
      expect((security ?? []).length > 0, `${route.method} ${route.url} answered ${answer.statusCode}`).toBe(refusedUnsigned);
      if (refusedUnsigned) expect(operationOf(route.method, route.url)?.responses?.['401']).toBeDefined();
    }
    expect(operationOf('GET', '/api/admin/signin_token')?.security).toEqual([{ sessionCookie: [] }]);
    expect(operationOf('POST', '/api/admin/logout')?.security).toEqual([{ session: [] }]);
    expect(operationOf('POST', '/api/admin/signin')?.security).toEqual([]);
  });

  it('gives every operation a unique operationId derived from its method and path', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const { path, method, operation } of operations) expect(operation.operationId).toBe(operationIdOf(method, path));
    expect(operationIdOf('put', '/api/company/{id}/delete-comment/{commentId}')).toBe('putCompanyByIdDeleteCommentByCommentId');
  });

  it('declares each tag it uses, with a description', () => {
    const used = new Set(operations.flatMap(({ operation }) => operation.tags ?? []));
    expect(document.tags?.map((tag) => tag.name).sort()).toEqual([...used].sort());
    for (const tag of document.tags ?? []) expect(tag.description, tag.name).not.toBe(tag.name);
  });

  it('names the refusals routes make in their own code, on routes that exist', () => {
    const declared = new Set(operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`));
    for (const key of routesWithOwnRefusals()) expect(declared, key).toContain(key);
    expect(codesOf('DELETE', '/api/admin/:id', '403')).toEqual(['FORBIDDEN', 'MFA_ENROLMENT_REQUIRED', 'CANNOT_DELETE_SELF']);
    expect(codesOf('DELETE', '/api/company/:id', '409')).toEqual(expect.arrayContaining(['COMPANY_NOT_EMPTY', 'STALE_RECORD']));
    expect(codesOf('POST', '/api/admin/signin', '401')).toEqual(['INVALID_CREDENTIALS', 'MFA_REQUIRED']);
    expect(codesOf('POST', '/api/admin/signin', '429')).toEqual(['RATE_LIMITED']);
    expect(codesOf('POST', '/api/company/export', '429')).toEqual(['RATE_LIMITED']);
    expect(codesOf('POST', '/api/file', '415')).toEqual(['UNSUPPORTED_MEDIA_TYPE', 'UNSUPPORTED_FILE_TYPE']);
    expect(codesOf('GET', '/api/health', '503')).toEqual(['SERVER_STOPPING']);
  });

  it("documents an export's file name and a stream's refusals as JSON", () => {
    for (const { path, operation } of operations.filter(({ path }) => path.endsWith('/export'))) {
      expect(operation.responses?.['200']?.headers, path).toHaveProperty('Content-Disposition');
    }
    const stream = operationOf('GET', '/api/room/:id/events');
    expect(Object.keys(stream?.responses?.['200']?.content ?? {})).toEqual(['text/event-stream']);
    expect(Object.keys(responseOf(stream, '404')?.content ?? {})).toEqual(['application/json']);
  });

  it('lets a search be sent without a body, but not a create', () => {
    expect(operationOf('POST', '/api/company/search')?.requestBody?.required).toBe(false);
    expect(operationOf('POST', '/api/company')?.requestBody?.required).toBe(true);
  });

  it('has no unused component, no prefixItems, and a Company a client can build', () => {
    const text = JSON.stringify(document);
    for (const name of Object.keys(document.components.schemas)) expect(text, name).toContain(`"#/components/schemas/${name}"`);
    for (const name of Object.keys(document.components.responses)) expect(text, name).toContain(`"#/components/responses/${name}"`);
    expect(text).not.toContain('prefixItems');
    const company = document.components.schemas.Company;
    expect(company?.additionalProperties).toBe(false);
    expect(company?.required).toContain('credit_balance');
  });

  it('passes Spectral (spectral:oas) and Redocly (recommended) without an error, which do find one once a security is lost', async () => {
    const errorsOf = async (checked: OpenApiDocument) =>
      (await lintDocument(checked)).filter((finding) => finding.severity === 'error').map((finding) => `${finding.tool} ${finding.rule} ${finding.path}`);
    expect(await errorsOf(document)).toEqual([]);
    const broken = structuredClone(document);
    const signIn = broken.paths['/api/admin/signin']?.post;
    if (signIn) signIn.security = [{ nobody: [] }];
    expect(await errorsOf(broken)).toEqual(expect.arrayContaining([expect.stringMatching(/^redocly security-defined/)]));
  });

  it('is browsable at /api/docs', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});

describe('the OpenAPI document of a server configured for another product', async () => {
  const server = await buildTestServer({ product: 'token' });
  afterAll(() => server.close());
  const text = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;

  it("names that product's balance and logo folder, never the default ones", () => {
    expect(text).toContain('"token_balance"');
    expect(text).toContain('"/token"');
    expect(text).not.toContain('"credit_balance"');
    expect(text).not.toContain('"/credit"');
  });
});
