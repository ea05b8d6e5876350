import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusal } from '../../shared/contract/envelope';
import { parseInput } from '../lib/validation';
import { requireSession, SESSION_COOKIE } from '../lib/sessions';
import { PRODUCT_NAME } from '../../shared/catalogue/product';
import { finishDocument, jsonSchemaOverride, SESSION_SECURITY, type OpenApiDocument } from '../lib/openApiDocument';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** A bug of the server, never the client's fault. */
class ResponseContractError extends Error {}

const isZodSchema = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;

/**
 * Requests are checked through `parseInput` (NUL characters and hostile shapes refused in the envelope like any bad
 * field); answers are checked against the response schema outside production, and sent exactly as built
 * (`reply.sendSerialised` for bytes serialised beforehand); the OpenAPI 3.1 document is served at /api/openapi.json.
 */
export const contractPlugin = fp(async (app: FastifyInstance) => {
  app.setValidatorCompiler(({ schema }) => (data) => {
    try {
      return { value: parseInput(schema as z.ZodType, data) };
    } catch (error) {
      return { error: error as Error };
    }
  });
  const validateResponses = app.config.env !== 'production';
  const checkAnswer = (schema: unknown, where: string, data: unknown) => {
    if (!validateResponses || !isZodSchema(schema)) return;
    const checked = schema.safeParse(data);
    if (!checked.success) throw new ResponseContractError(`${where} answered outside its schema: ${z.prettifyError(checked.error)}`);
  };
  app.setSerializerCompiler(({ schema, method, url }) => (data) => {
    checkAnswer(schema, `${method} ${url}`, data);
    return JSON.stringify(data);
  });
  app.decorateReply('sendSerialised', function (this: FastifyReply, body: Buffer) {
    const { schema, method, url } = this.routeOptions;
    if (validateResponses)
      checkAnswer((schema?.response as Record<string, unknown> | undefined)?.['200'], `${String(method)} ${url}`, JSON.parse(body.toString()));
    return this.type('application/json; charset=utf-8').send(body);
  });
  const apiRoutes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith(DOCS_PREFIX)) return;
    const schema: FastifySchema = (route.schema ??= {});
    if (schema.response && typeof schema.response === 'object') Object.assign(schema.response, { '4xx': refusal, '5xx': refusal });
    if ([route.onRequest ?? []].flat().includes(requireSession)) schema.security ??= SESSION_SECURITY;
    apiRoutes.push(route);
  });
  const zodToJsonConfig = { override: jsonSchemaOverride };
  const transformObject = createJsonSchemaTransformObject({ zodToJsonConfig });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1',
        description:
          'Every answer is `{ok:true, …}` or `{ok:false, code}` with a 4xx or 5xx status; each operation lists the statuses and codes it can refuse with. Protected routes take the session token as `Authorization: JWT <token>`.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`JWT <session token>`, the token a sign-in answers.' },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The httpOnly cookie a sign-in sets; only the start-up call reads it.',
          },
        },
      },
    },
    transform: createJsonSchemaTransform({ zodToJsonConfig }),
    transformObject: (input) => finishDocument(transformObject(input) as OpenApiDocument, apiRoutes, app.config.product),
  });
  // Swagger UI sets inline styles.
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP:
      "default-src 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
});

/** For the scope behind `requireSession`: its routes declare the session in the document. */
export function declareSession(route: RouteOptions): void {
  (route.schema ??= {}).security ??= SESSION_SECURITY;
}
