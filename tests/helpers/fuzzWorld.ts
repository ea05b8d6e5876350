import { desc, getTableName, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { ErrorCode } from '../../shared/catalogue/errorCodes';
import { companyComments, outbox } from '../../server/db/schema';
import { entities } from '../../server/entities';
import type { MakeLinked } from '../../server/entities/entity';
import { newId } from '../../server/lib/ids';
import { findSessionAdmin } from '../../server/lib/sessions';
import { changedTables, tableFingerprinter, type Fingerprint } from './dbFingerprint';
import {
  JsonObject,
  PROTOTYPE_KEYS,
  Placeholder,
  contractFields,
  toJsonText,
  type Json,
  type PlaceholderResolver,
  type RequestSpec,
  type RouteShape,
} from './fuzzInputs';
import { exampleBody } from './declaredRecords';
import { PNG_BYTES, dataUrl, insertCompany, insertRoom, insertUser } from './serverFixtures';
import { insertAdmin, signedInAdmin } from './testServer';

/** Routes whose success is a stream that never ends by itself (server-sent events). */
const EVENT_STREAM_ROUTES = new Set(['GET /api/room/:id/events']);

/**
 * An event stream's success is judged on its head and the stream then dropped (it would never end); a
 * refusal ends, and is read whole like any answer.
 */
async function injectHeadOfStream(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  const response = await app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  const success = response.statusCode >= 200 && response.statusCode < 300;
  const chunks: Buffer[] = [];
  if (success) stream.destroy();
  else for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  const text = Buffer.concat(chunks).toString('utf8');
  const { statusCode, statusMessage, headers, trailers, cookies, raw } = response;
  const whole: Omit<LightMyRequestResponse, 'stream'> = {
    statusCode,
    statusMessage,
    headers,
    trailers,
    cookies,
    raw,
    body: text,
    payload: text,
    rawPayload: Buffer.from(text),
    json: <T>() => JSON.parse(text) as T,
  };
  return { ...whole, stream: () => stream };
}

/**
 * Routes that answer without a session. Every other route must refuse a request that carries no
 * live session (missing, forged or malformed Authorization): a new public route has to be added here.
 */
export const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  // Readiness, for a load balancer: it says whether the database answers, nothing more.
  'GET /api/ready',
  'POST /api/admin/signin',
  // Reads the session cookie, not the Authorization header: the console's start-up check.
  'GET /api/admin/signin_token',
  'POST /api/admin/forgot_password',
  // A WebAuthn challenge for a sign-in without password: anyone may ask for one, only a registered passkey answers it.
  'POST /api/admin/signin/passkey/options',
  'POST /api/admin/forgot_password_reset',
  // Checks its own api_token instead (a stand-in for an external registry).
  'GET /api/registry/recherche',
  // The marketplace app's exchange of a 'Login as' token.
  'POST /api/user/impersonation/exchange',
  // Uploaded files are public by URL; CORS preflights carry no credentials.
  'GET /uploads/*',
  'OPTIONS *',
]);

/**
 * Rows each table keeps while fuzzing, so that requests naming existing records reach deep code; deleted ones are
 * replaced. These by hand: what the standard routes do not create (companies, invited users, rooms, comments) and
 * admins (a password each). Every other entity the standard routes create keeps DECLARED_ROWS, made from its
 * declaration's example: a new entity is fuzzed against rows of its own without an edit here.
 */
const OWN_ROWS: Record<string, number> = {
  admins: 4,
  companies: 4,
  users: 3,
  rooms: 2,
  company_comments: 3,
};
export const DECLARED_ROWS = 3;
/** Each resource's table: the standard routes' entities', and companies'. */
const TABLES: Record<string, string> = { company: 'companies', ...Object.fromEntries(entities.map((entity) => [entity.name, getTableName(entity.table)])) };
/** The entities whose rows come from their declaration's example. */
const declaredRows = entities.filter((entity) => entity.create && !(getTableName(entity.table) in OWN_ROWS));
const POOL_SIZE = 30;
const KNOWN_CODES = new Set<string>(Object.values(ErrorCode));

type Rows<Row> = { rows: Row[] };

export interface SentRequest {
  options: InjectOptions & { method: string; url: string; headers: Record<string, string> };
  payload: string | undefined;
}

/** What the fuzz suite asserts of one answer; each failure names the request that caused it. */
export class FuzzFailure extends Error {}

/**
 * The fuzzed app's state: a signed-in admin (signed in anew whenever a request ended the session:
 * logout, a password reset, an e-mail change), a supply of rows, and what placeholders resolve to.
 */
export class FuzzWorld implements PlaceholderResolver {
  private token = '';
  private selfId = '';
  private ids = new Map<string, string[]>();
  private emails = new Map<string, string[]>();
  private tokens: string[] = [];
  private uploads: string[] = [];
  private dirty = true;
  private lastFingerprint: Fingerprint | undefined;
  private idTables: string[] = [];
  requests = 0;
  private statuses = new Map<number, number>();

  private constructor(
    readonly app: FastifyInstance,
    private readonly fingerprint: () => Promise<Fingerprint>,
  ) {}

  static async open(app: FastifyInstance): Promise<FuzzWorld> {
    const { fingerprint } = await tableFingerprinter(app.db);
    const world = new FuzzWorld(app, fingerprint);
    const idTables = (await app.db.execute(sql`
      SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'id' ORDER BY table_name`)) as unknown as Rows<{ table_name: string }>;
    world.idTables = idTables.rows.map((row) => row.table_name);
    await world.prepare();
    // One stored file, so that GET /uploads/* has something to serve.
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/file',
      headers: { authorization: `JWT ${world.token}` },
      payload: { files: [{ rawBody: dataUrl(PNG_BYTES), name: 'seed.png' }], folder: '/category_images' },
    });
    world.harvest(uploaded);
    if (!world.uploads.length) throw new Error(`could not seed an upload: ${uploaded.body}`);
    // 'Login as' tokens, so that the exchange (fuzzed before the route that mints them) meets live ones.
    for (const userId of world.ids.get('users') ?? []) {
      world.harvest(await app.inject({ method: 'POST', url: `/api/user/${userId}/impersonate`, headers: { authorization: `JWT ${world.token}` } }));
    }
    world.dirty = true;
    return world;
  }

  /** How many of a table's rows requests may name (up to the pool's size). */
  poolSize(table: string): number {
    return this.ids.get(table)?.length ?? 0;
  }

  /** Counts of answers by status, for the suite's summary. */
  summary(): string {
    return [...this.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
  }

  resolve(placeholder: Placeholder): string {
    const pick = <Item>(items: readonly Item[], fallback: Item): Item => (items.length ? (items[placeholder.pick % items.length] ?? fallback) : fallback);
    switch (placeholder.kind) {
      case 'id': {
        const pool = placeholder.table ? (this.ids.get(placeholder.table) ?? []) : [...this.ids.values()].flat();
        return pick(pool, newId());
      }
      case 'email': {
        const pool = placeholder.table ? (this.emails.get(placeholder.table) ?? []) : [...this.emails.values()].flat();
        return pick(pool, 'nobody@example.com');
      }
      case 'token':
        return pick(this.tokens, 'no-token-yet');
      case 'selfId':
        return this.selfId;
      case 'registryToken':
        return this.app.config.registryToken;
      case 'upload':
        return pick(this.uploads, 'none.png');
    }
  }

  /** Before a request, when the last one changed rows: a live session, enough rows, fresh pools. */
  private async prepare(): Promise<void> {
    if (!this.dirty) return;
    if (!this.token || !(await findSessionAdmin(this.app, this.token))) {
      const me = await signedInAdmin(this.app);
      this.token = me.token;
      this.selfId = me.id;
    }
    await this.loadPools();
    if (await this.topUp()) await this.loadPools();
    const mails = await this.app.db.select({ body: outbox.body }).from(outbox).orderBy(desc(outbox.createdAt)).limit(5);
    for (const { body } of mails) for (const match of body.matchAll(/token=([A-Za-z0-9_%-]+)/g)) this.keepToken(decodeURIComponent(match[1] ?? ''));
    this.lastFingerprint = undefined;
    this.dirty = false;
  }

  private async loadPools(): Promise<void> {
    const parts = this.idTables.map((table) => `(SELECT '${table}' AS kind, id::text AS value FROM "${table}" ORDER BY id LIMIT ${POOL_SIZE})`);
    parts.push(
      `(SELECT 'email:admins', email FROM admins ORDER BY id LIMIT ${POOL_SIZE})`,
      `(SELECT 'email:users', email FROM users ORDER BY id LIMIT ${POOL_SIZE})`,
    );
    const result = (await this.app.db.execute(sql.raw(parts.join(' UNION ALL ')))) as unknown as Rows<{ kind: string; value: string }>;
    this.ids = new Map();
    this.emails = new Map();
    for (const { kind, value } of result.rows) {
      const [target, key] = kind.startsWith('email:') ? [this.emails, kind.slice(6)] : [this.ids, kind];
      target.set(key, [...(target.get(key) ?? []), value]);
    }
  }

  /** Inserts what the fuzzing deleted; true when it inserted anything. */
  private async topUp(): Promise<boolean> {
    const { app } = this;
    const count = (table: string) => this.ids.get(table)?.length ?? 0;
    const missing = (table: string) => Math.max(0, (OWN_ROWS[table] ?? DECLARED_ROWS) - count(table));
    const company = () => this.ids.get('companies')?.[0] ?? null;
    let inserted = false;
    for (let index = missing('admins'); index > 0; index -= 1, inserted = true) await insertAdmin(app, { name: 'Other Admin' });
    for (let index = missing('companies'); index > 0; index -= 1, inserted = true)
      await insertCompany(app, { activityDomain: 'Mobilier', subActivityDomain: 'Rangement' });
    if (inserted) await this.loadPools();
    for (let index = missing('users'); index > 0; index -= 1, inserted = true) await insertUser(app, { organisationId: company() });
    for (let index = missing('rooms'); index > 0; index -= 1, inserted = true) await insertRoom(app);
    for (let index = missing('company_comments'); index > 0; index -= 1, inserted = true) {
      const companyId = company();
      if (companyId)
        await app.db.insert(companyComments).values({ id: newId(), companyId, authorAdminId: this.selfId, userName: 'Signed In', text: 'Seeded comment' });
    }
    // A declared row links to the first record of each table it names (a company, a user, an admin, another entity's).
    const linked: MakeLinked = async (resource) => {
      const first = () => this.ids.get(TABLES[resource] ?? '')?.[0];
      // A row of another declared entity seeded just before is read in once the pools are reloaded.
      const id = first() ?? (await this.loadPools(), first());
      if (!id) throw new Error(`fuzz: no ${resource} to link a seeded row to`);
      return id;
    };
    for (const { table, create } of declaredRows) {
      if (!create) continue;
      for (let index = missing(getTableName(table)); index > 0; index -= 1, inserted = true) {
        const body = (await exampleBody(create.example, linked)) as Record<string, unknown>;
        await app.db.insert(table).values({ id: newId(), ...create.values(body) } as never);
      }
    }
    return inserted;
  }

  private keepToken(token: string): void {
    if (!token || this.tokens.includes(token)) return;
    this.tokens = [token, ...this.tokens].slice(0, 20);
  }

  /** Tokens and stored files an answer hands out, for later requests to use. */
  private harvest(response: LightMyRequestResponse): void {
    if (response.statusCode >= 300) return;
    let body: unknown;
    try {
      body = response.json();
    } catch {
      return;
    }
    const walk = (value: unknown, key: string): void => {
      if (typeof value === 'string') {
        if (key === 'token') this.keepToken(value);
        const stored = /\/uploads\/([^?#]+)/.exec(value)?.[1];
        if (stored && !this.uploads.includes(stored)) this.uploads = [stored, ...this.uploads].slice(0, 20);
      } else if (Array.isArray(value)) value.forEach((item) => walk(item, key));
      else if (value && typeof value === 'object') for (const [name, item] of Object.entries(value)) walk(item, name);
    };
    walk(body, '');
  }

  /** The request a spec stands for, placeholders resolved. */
  build(spec: RequestSpec): SentRequest {
    const asText = (value: Json): string => (value instanceof Placeholder ? this.resolve(value) : typeof value === 'string' ? value : toJsonText(value, this));
    let url = spec.url;
    for (const [name, param] of Object.entries(spec.params)) {
      const text =
        param.kind === 'raw'
          ? param.text
          : param.value instanceof Placeholder && param.value.kind === 'upload'
            ? this.resolve(param.value)
            : percentEncode(asText(param.value));
      url = url.replace(name === '*' ? '*' : `:${name}`, () => text);
    }
    const query = [
      ...spec.query.pairs.map(([key, value]) => `${percentEncode(key)}=${percentEncode(asText(value))}`),
      ...(spec.query.raw ? [spec.query.raw] : []),
    ].join('&');
    if (query) url += `?${query}`;
    const headers: Record<string, string> = { ...spec.extraHeaders };
    switch (spec.auth.kind) {
      case 'session':
        headers.authorization = `JWT ${this.token}`;
        break;
      case 'cookieOnly':
        headers.cookie = [headers.cookie, `ap_session=${this.token}`].filter(Boolean).join('; ');
        break;
      case 'wrapped':
        headers.authorization = `${spec.auth.before}${this.token}${spec.auth.after}`;
        break;
      case 'raw':
        headers.authorization = spec.auth.header;
        break;
      case 'none':
        break;
    }
    if (spec.contentType !== undefined) headers['content-type'] = spec.contentType;
    const payload = spec.body.kind === 'none' ? undefined : spec.body.kind === 'text' ? spec.body.text : toJsonText(spec.body.value, this);
    return { options: { method: spec.method as InjectOptions['method'] & string, url, headers, ...(payload === undefined ? {} : { payload }) }, payload };
  }

  /**
   * Sends one request and checks the answer: never a 5xx; JSON; a success (`ok: true`) or exactly
   * `{ok:false, code}` (+ `errors` for VALIDATION_ERROR) with a 4xx; a refusal changes no row; a
   * protected route refuses a request without a live session; an empty JSON body is no body; an
   * inherited property name (`constructor`, `toString`) is never accepted as a sort key.
   */
  async send(spec: RequestSpec, route: RouteShape | undefined): Promise<void> {
    await this.prepare();
    const sent = this.build(spec);
    const before = this.lastFingerprint ?? (await this.fingerprint());
    const streams = route !== undefined && EVENT_STREAM_ROUTES.has(`${route.method} ${route.url}`);
    const response = streams ? await injectHeadOfStream(this.app, sent.options) : await this.app.inject(sent.options);
    // Work the answer started (a recovery mail) lands before the rows are compared.
    await this.app.background.idle();
    const after = await this.fingerprint();
    this.lastFingerprint = after;
    this.requests += 1;
    this.statuses.set(response.statusCode, (this.statuses.get(response.statusCode) ?? 0) + 1);
    const problems = this.check(spec, route, sent, response, before, after);
    if (changedTables(before, after).length) this.dirty = true;
    this.harvest(response);
    if (problems.length) throw new FuzzFailure(describe(sent, response, problems));
  }

  private check(
    spec: RequestSpec,
    route: RouteShape | undefined,
    sent: SentRequest,
    response: LightMyRequestResponse,
    before: Fingerprint,
    after: Fingerprint,
  ): string[] {
    const problems: string[] = [];
    const status = response.statusCode;
    const fullKey = route ? `${route.method} ${route.url}` : undefined;
    if (status >= 500) problems.push(`server error ${status}`);
    else if (status < 200 || (status >= 300 && status < 400)) problems.push(`unexpected status ${status}`);
    const success = status >= 200 && status < 300;
    const refused = status >= 400 && status < 500;

    // A stored file (GET /uploads/*), a list's CSV export, an event stream and a CORS preflight's empty 204 are the only answers that are not JSON.
    const csvExport = success && fullKey !== undefined && /^POST \/api\/\w+\/export$/.test(fullKey);
    if (csvExport && response.headers['content-type'] !== 'text/csv; charset=utf-8')
      problems.push(`an export of content-type ${String(response.headers['content-type'])}`);
    const eventStream = fullKey !== undefined && EVENT_STREAM_ROUTES.has(fullKey);
    const notJsonAllowed = success && (fullKey === 'GET /uploads/*' || csvExport || eventStream || (spec.method === 'OPTIONS' && response.body === ''));
    if (success && eventStream && !String(response.headers['content-type']).startsWith('text/event-stream'))
      problems.push('an event stream that is not text/event-stream');
    let body: unknown;
    if (!notJsonAllowed) {
      try {
        body = JSON.parse(response.body);
      } catch {
        problems.push('the body is not JSON');
      }
      if (!String(response.headers['content-type'] ?? '').startsWith('application/json'))
        problems.push(`content-type ${String(response.headers['content-type'])}`);
    }
    const record = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    if (success && !notJsonAllowed) {
      // The registry stand-in answers in the external registry's own shape (shared/contract/registry.ts), without `ok`.
      if (fullKey === 'GET /api/registry/recherche') {
        if (!Array.isArray(record?.entreprises)) problems.push('a registry answer without entreprises');
      } else if (record?.ok !== true) problems.push('a success without ok: true');
    }
    if (refused && body !== undefined) {
      const keys = record ? Object.keys(record).sort() : [];
      // Three codes carry their details: VALIDATION_ERROR the fields (`errors`), COMPANY_NOT_EMPTY what is left (`counts`),
      // STALE_RECORD the record as it now is (`data`).
      const detail =
        record?.code === 'VALIDATION_ERROR' && 'errors' in record
          ? ['errors']
          : record?.code === 'COMPANY_NOT_EMPTY'
            ? ['counts']
            : record?.code === 'STALE_RECORD'
              ? ['data']
              : [];
      const expectedKeys = ['code', ...detail, 'ok'].sort();
      if (!record || record.ok !== false || typeof record.code !== 'string' || keys.join() !== expectedKeys.join()) {
        problems.push('a refusal outside the envelope {ok:false, code}');
      } else if (!KNOWN_CODES.has(record.code)) problems.push(`an unknown error code ${record.code}`);
      const errors = record?.errors;
      if (
        errors !== undefined &&
        (!errors || typeof errors !== 'object' || Array.isArray(errors) || !Object.values(errors).every((message) => typeof message === 'string'))
      ) {
        problems.push('errors is not an object of messages');
      }
    }
    if (refused) {
      const changed = changedTables(before, after);
      if (changed.length) problems.push(`a refused request changed rows: ${changed.join(', ')}`);
    }
    if (fullKey && !PUBLIC_ROUTES.has(fullKey) && spec.auth.kind !== 'session' && !refused) {
      problems.push('a protected route answered a request without a live session');
    }
    // Only where the route reads a sort (a route that ignores the body may well answer 200).
    const readsSort = route !== undefined && (contractFields(route.schema?.body) ?? []).includes('sort');
    const inheritedSortKey = readsSort ? sortKeysOf(spec).find((key) => PROTOTYPE_KEYS.includes(key)) : undefined;
    if (success && inheritedSortKey !== undefined) problems.push(`the sort key ${JSON.stringify(inheritedSortKey)} was accepted`);
    const jsonType = /^application\/json\s*(;|$)/i.test(sent.options.headers['content-type'] ?? '');
    if (jsonType && (sent.payload ?? '') === '' && record?.code === 'INVALID_JSON') problems.push('an empty JSON body is refused as INVALID_JSON');
    return problems;
  }
}

/** The keys of every sort-like field of a JSON body (`sort`, `order`, `orderBy`, `sort_by`). */
function sortKeysOf(spec: RequestSpec): string[] {
  if (spec.body.kind !== 'json' || !(spec.body.value instanceof JsonObject)) return [];
  return spec.body.value.entries
    .filter(([name]) => /^(sort|order)(_?by)?$/i.test(name))
    .flatMap(([, value]) => (value instanceof JsonObject ? value.entries.map(([key]) => key) : typeof value === 'string' ? [value] : []));
}

/** encodeURIComponent, but for any string: a lone surrogate goes as UTF-8's replacement character instead of throwing. */
export const percentEncode = (text: string): string =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');

function describe(sent: SentRequest, response: LightMyRequestResponse, problems: string[]): string {
  const clip = (text: string, length = 400) =>
    text.length > length ? `${JSON.stringify(text.slice(0, length))}… (${text.length} chars)` : JSON.stringify(text);
  const headers = Object.entries(sent.options.headers).map(([name, value]) => `${name}: ${clip(value, 120)}`);
  return [
    problems.join('; '),
    `  request:  ${sent.options.method} ${clip(sent.options.url, 300)}`,
    ...headers.map((line) => `            ${line}`),
    `  body:     ${sent.payload === undefined ? '(none)' : clip(sent.payload, 1500)}`,
    `  answer:   ${response.statusCode} ${String(response.headers['content-type'] ?? '')} ${clip(response.body)}`,
  ].join('\n');
}
