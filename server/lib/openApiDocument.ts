import { may, ROLES, type Permission } from '../../shared/catalogue/permissions';
import { entities } from '../entities';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import type { ErrorCode } from '../../shared/catalogue/errorCodes';
import { balanceField, DEFAULT_CREDIT_UNIT, logoFolder } from '../../shared/catalogue/product';
import { refusalOf } from '../../shared/contract/envelope';
import { contractJsonSchema } from '../../shared/contract/jsonSchema';
import { refusalsOf } from './operationRefusals';
import { asksFreshProof } from './permissions';
import { CONDITIONS, type Condition } from '../../shared/catalogue/policy';

export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses?: Record<string, Json> };
};
type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  description?: string;
  security?: unknown[];
  tags?: string[];
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { required?: boolean; content: Record<string, { schema?: Json }> };
  responses: Record<string, Json>;
}

export const SESSION_SECURITY = [{ session: [] }];

/** An operation's description: the permission it needs, and the roles that have it (shared/catalogue/permissions.ts). */
const whoMay = ({ resource, action }: Permission) =>
  `Needs the permission \`${action}\` on \`${resource}\`, which these roles have: ${ROLES.filter((role) => may(role, resource, action)).join(', ')}. Other roles get 403 \`FORBIDDEN\`.`;

/** The policy's fresh proof on the route (shared/catalogue/policy.ts), as docs/roles.md words it. */
const freshProofOf = (config: { freshProofWhen?: Condition } | undefined) =>
  `Needs a proof of identity at most STEP_UP_MINUTES old${config?.freshProofWhen ? ` ${CONDITIONS[config.freshProofWhen]}` : ''}, else 401 \`REAUTH_REQUIRED\`.`;

/** The tags of the hand-written routes; each declared entity describes its own (server/entities). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Health: 'Liveness and readiness probes.',
  Auth: 'Sign-in, the session and the password flows.',
  'Second factor': 'The signed-in admin’s TOTP authenticator and recovery codes.',
  Passkeys: 'The signed-in admin’s passkeys (WebAuthn): a second factor, and a sign-in without password.',
  Registry: 'The company registry stand-in (its own shape, no envelope).',
  Impersonation: 'The marketplace app trades a “Login as” token for its user.',
  Companies: 'The marketplace’s companies, their comments and their sync with the old platform.',
  Credits: 'A company’s credit ledger.',
  Audit: 'The audit trail of every change.',
  Files: 'Uploads (logos, category and offer images).',
  Rooms: 'Conversations between a buyer and a seller over an offer.',
  Presence: 'Who else has a record’s page open.',
  Dashboard: 'The overview’s figures.',
  Sessions: 'An administrator’s live sessions: listed, and ended from any server at once.',
  Development: 'Development helpers, served only with DEV_ROUTES=true.',
};

const tagDescriptions: Record<string, string> = { ...TAG_DESCRIPTIONS, ...Object.fromEntries(entities.map((entity) => [entity.tag, entity.description])) };

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'No session, or a wrong credential',
  403: 'Forbidden',
  404: 'No such record',
  409: 'Conflict with the record as it now is',
  413: 'Body too large',
  415: 'Unsupported media type',
  429: 'Too many calls (wait `Retry-After` seconds)',
  500: 'Server error',
  503: 'Unavailable for now (wait `Retry-After` seconds)',
};

const RETRY_AFTER = { 'Retry-After': { description: 'The seconds to wait before calling again.', required: true, schema: { type: 'integer', minimum: 1 } } };

const CONTENT_DISPOSITION = {
  'Content-Disposition': {
    description: 'The file name, `{list}-YYYY-MM-DD.csv`.',
    required: true,
    schema: { type: 'string', pattern: '^attachment; filename="[a-z_]+-\\d{4}-\\d{2}-\\d{2}\\.csv"$' },
  },
};

/**
 * fastify-type-provider-zod's own override handles dates and `undefined` (unused by the contract) and drops empty union
 * branches (kept here); then the contract's additions (shared/contract/jsonSchema.ts).
 */
export function jsonSchemaOverride(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: Json }): void {
  const { jsonSchema } = ctx;
  if (ctx.zodSchema._zod.def.type === 'union' && Array.isArray(jsonSchema.anyOf)) {
    jsonSchema.anyOf = (jsonSchema.anyOf as Json[]).filter((branch) => Object.keys(branch).length > 0);
  }
  contractJsonSchema(ctx.zodSchema, jsonSchema);
}

export const openApiPath = (url: string): string => url.replace(/:(\w+)/g, '{$1}');

/** `POST /api/company/{id}/credit` → `postCompanyByIdCredit`: stable, and unique as method and path are. */
export const operationIdOf = (method: string, path: string): string =>
  method.toLowerCase() +
  path
    .replace(/^\/api\//, '')
    .split('/')
    .map((segment) => (segment.startsWith('{') ? `by-${segment.slice(1, -1)}` : segment))
    .join('-')
    .split(/[-_]/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');

const refusalSchema = (codes: [ErrorCode, ...ErrorCode[]]): Json => {
  const { $schema: _, ...schema } = z.toJSONSchema(refusalOf(codes), { target: 'draft-2020-12', unrepresentable: 'any' });
  return schema;
};

/** `404 NOT_FOUND` → `Status404NotFound`: one shared response per status and list of codes. */
const responseName = (status: number, codes: ErrorCode[]): string =>
  `Status${status}${codes.map((code) => code.toLowerCase().replace(/(^|_)(\w)/g, (_, __, letter: string) => letter.toUpperCase())).join('')}`;

function refusalResponse(status: number, codes: [ErrorCode, ...ErrorCode[]]): Json {
  return {
    description: `${STATUS_TEXT[status] ?? 'Refused'}: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
    ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
    content: { 'application/json': { schema: refusalSchema(codes) } },
  };
}

/** If-Match, or `version`/`versions` in its body. */
function isVersioned(operation: Operation): boolean {
  const body = operation.requestBody?.content['application/json']?.schema?.properties as Json | undefined;
  return Boolean(operation.parameters?.some((parameter) => parameter.name === 'if-match') || body?.version || body?.versions);
}

/** The contract's names for the default product (`credit_balance`, the `/credit` logo folder), renamed after the configured one. */
function renameForProduct(node: unknown, renamed: Map<string, string>): void {
  if (Array.isArray(node)) {
    node.forEach((item, index) => {
      if (typeof item === 'string' && renamed.has(item)) node[index] = renamed.get(item);
      else renameForProduct(item, renamed);
    });
    return;
  }
  if (!node || typeof node !== 'object') return;
  const object = node as Json;
  if (object.properties && typeof object.properties === 'object') {
    const properties = object.properties as Json;
    object.properties = Object.fromEntries(Object.entries(properties).map(([key, value]) => [renamed.get(key) ?? key, value]));
  }
  Object.values(object).forEach((child) => renameForProduct(child, renamed));
}

/** zod's registry renders an `*Input` twin of every named record, mostly unreferenced. */
function dropUnusedSchemas(document: OpenApiDocument): void {
  for (;;) {
    const text = JSON.stringify({ ...document, components: { ...document.components, schemas: {} } }) + JSON.stringify(document.components.schemas);
    const unused = Object.keys(document.components.schemas).filter((name) => !text.includes(`"#/components/schemas/${name}"`));
    if (!unused.length) return;
    for (const name of unused) delete document.components.schemas[name];
  }
}

/**
 * Adds what holds for every route and fastify-swagger cannot know: operationId, security (`[]` when public), each
 * refusal with its codes (instead of a catch-all 4XX/5XX), optional bodies; and the document's servers, tags and product names.
 */
export function finishDocument(document: OpenApiDocument, routes: RouteOptions[], product: string): OpenApiDocument {
  const routeOf = new Map(routes.flatMap((route) => [route.method].flat().map((method) => [`${method} ${openApiPath(route.url)}`, route] as const)));
  const tags: string[] = [];
  const responses: Record<string, Json> = {};
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const route = routeOf.get(`${method.toUpperCase()} ${path}`);
      operation.operationId ??= operationIdOf(method, path);
      const permission = route?.config?.permission;
      if (permission)
        operation.description = [operation.description, whoMay(permission), asksFreshProof(route?.config) && freshProofOf(route?.config)]
          .filter(Boolean)
          .join('\n\n');
      operation.security ??= [];
      for (const tag of operation.tags ?? []) if (!tags.includes(tag)) tags.push(tag);
      const body = operation.requestBody?.content['application/json']?.schema;
      // Fastify reads a call without a body as `{}`: a body whose fields are all optional may be left out.
      if (operation.requestBody && body && !(Array.isArray(body.required) && body.required.length)) operation.requestBody.required = false;
      const refusals = refusalsOf({
        method: method.toUpperCase(),
        path,
        hasBody: Boolean(route?.schema?.body),
        hasPathParams: Boolean(route?.schema?.params),
        versioned: isVersioned(operation),
        signedIn: operation.security.length > 0,
        permitted: Boolean(route?.config?.permission),
        freshProof: asksFreshProof(route?.config),
      });
      const { '4XX': _clientErrors, '5XX': _serverErrors, ...answers } = operation.responses;
      for (const [status, codes] of Object.entries(refusals)) {
        if (!codes?.length) continue;
        const name = responseName(Number(status), codes);
        responses[name] ??= refusalResponse(Number(status), codes as [ErrorCode, ...ErrorCode[]]);
        answers[status] = { $ref: `#/components/responses/${name}` };
      }
      const success = answers['200'] as { content?: Json; headers?: Json } | undefined;
      if (success?.content?.['text/csv']) success.headers = CONTENT_DISPOSITION;
      operation.responses = answers;
    }
  }
  document.components.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  document.servers = [{ url: '/', description: 'This server: every path starts with /api.' }];
  document.tags = tags.map((name) => ({ name, description: tagDescriptions[name] ?? name }));
  if (product !== DEFAULT_CREDIT_UNIT) {
    renameForProduct(
      document,
      new Map([
        [balanceField(), balanceField(product)],
        [logoFolder(), logoFolder(product)],
      ]),
    );
  }
  dropUnusedSchemas(document);
  return document;
}
