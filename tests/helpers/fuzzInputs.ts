import { getTableName } from 'drizzle-orm';
import { entities } from '../../server/entities';
import fc, { type Arbitrary } from 'fast-check';
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../shared/catalogue/audit';
import { ACTIVITY_DOMAINS, DOMAIN_NAMES } from '../../shared/catalogue/domains';
import { EMERGENCIES, NEED_STATUSES } from '../../shared/catalogue/needOptions';
import { CREDIT_RATIOS, PRICE_UNITS } from '../../shared/catalogue/offerOptions';
import { PNG_BYTES, dataUrl } from './serverFixtures';

/*
 * Inputs for the fuzz suite (tests/server/fuzz.test.ts): hostile and near-valid JSON bodies, path
 * parameters, query strings, content types and credentials, as fast-check arbitraries. Values that
 * name something in the database (an existing id, a known address, a token handed out earlier) are
 * placeholders, chosen when the request is sent, since the rows change as the fuzzing goes.
 */

/** A JSON object written key by key, so that `__proto__` survives and a key may come twice. */
export class JsonObject {
  constructor(readonly entries: ReadonlyArray<readonly [string, Json]>) {}
}

/** A number token JSON.stringify cannot write: `-0`, `1e999`, `1e-400`, 30 digits. */
export class RawJson {
  constructor(readonly text: string) {}
}

export type PlaceholderKind = 'id' | 'email' | 'token' | 'selfId' | 'registryToken' | 'upload';

/** Something the world holds when the request is sent: `pick` chooses among the candidates. */
export class Placeholder {
  constructor(
    readonly kind: PlaceholderKind,
    readonly table: string | undefined,
    readonly pick: number,
  ) {}
}

export type Json = null | boolean | number | string | Json[] | JsonObject | RawJson | Placeholder;

export interface PlaceholderResolver {
  resolve(placeholder: Placeholder): string;
}

/** The JSON text of a value, placeholders resolved. */
export function toJsonText(value: Json, world: PlaceholderResolver): string {
  if (value instanceof Placeholder) return JSON.stringify(world.resolve(value));
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonObject) return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item, world)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map((item) => toJsonText(item, world)).join(',')}]`;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : Number.isFinite(value) ? String(value) : 'null';
  return JSON.stringify(value);
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const LONG_STRINGS = ['a'.repeat(101), 'a'.repeat(201), 'é'.repeat(2001), 'x'.repeat(5001), 'ü'.repeat(70_000)];

export const SPECIAL_STRINGS = [
  '',
  ' ',
  '   ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\u0000\u0000',
  '\ud800',
  'x\udfff',
  'é\udfff',
  '😀\ud800',
  '\udc00\ud800',
  '\ud83d',
  '😀',
  '👩‍👩‍👧',
  'İ',
  'ß',
  'ǅ',
  'ﬀ',
  '\u202e',
  '\ufeff',
  '\u2028',
  '\u0085',
  '\u00a0',
  'e\u0301',
  '%',
  '%00',
  '%E0%A4%A',
  '_',
  '\\',
  '\\%',
  '%_\\',
  "'",
  '"',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '..\\..\\boot.ini',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '0x10',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  'http://',
  'https://',
  'https://x.example/a.png',
  'mailto:a@b.c',
  'a@b',
  'a@b.c',
  ' A@B.C ',
  '${7*7}',
  '{{7*7}}',
  '\r\nSet-Cookie: x=1',
];

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'isPrototypeOf'];

export const hostileString: Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SPECIAL_STRINGS), weight: 5 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  // NULs and lone surrogates among ordinary letters, which the predefined units never give together.
  { arbitrary: fc.string({ unit: fc.constantFrom('\u0000', '\ud800', '\udfff', 'a', 'é', ' ', '%'), maxLength: 12 }), weight: 2 },
  { arbitrary: fc.constantFrom(...LONG_STRINGS), weight: 1 },
);

export const hostileNumber: Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(
    0,
    1,
    -1,
    0.5,
    1.5,
    10,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31),
    2 ** 53 + 2,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e308,
    1e6,
    1e6 + 1,
    -0,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom('-0', '1e999', '-1e999', '1e-400', '0e0', '1E+2', '123456789012345678901234567890', '-9223372036854775809').map((text) => new RawJson(text)),
);

const hostileKey: Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS), weight: 3 },
  { arbitrary: fc.constantFrom('', '\u0000', 'a.b', '0', 'length', '$where', 'ok', 'code', '_id', 'id'), weight: 2 },
  { arbitrary: hostileString, weight: 1 },
);

const hostileScalar: Arbitrary<Json> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: fc.constantFrom<Json>(null, true, false), weight: 2 },
);

/** Any JSON value: scalars, arrays and objects a few levels deep, with prototype keys and repeated keys. */
export const hostileValue: Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: hostileScalar, weight: 5 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map((entries) => new JsonObject(entries)), weight: 1 },
  ),
})).value;

// ---------------------------------------------------------------------------------------------
// Near-valid values, field by field (read from the route schemas in server/routes/*.ts): `valid`
// passes the field's validator, extremes included (1e308, 200 characters, an emoji), so that a
// request gets past validation into the queries; `invalid` is refused by it.

const SUB_DOMAINS = Object.values(ACTIVITY_DOMAINS).flat();
const hexId = fc.stringMatching(/^[a-f0-9]{24}$/);
const existing = (table: string | undefined): Arbitrary<Json> => fc.nat().map((pick) => new Placeholder('id', table, pick));
const knownEmail = (table?: string): Arbitrary<Json> => fc.nat().map((pick) => new Placeholder('email', table, pick));
const knownToken: Arbitrary<Json> = fc.nat().map((pick) => new Placeholder('token', undefined, pick));

export interface FieldValues {
  valid: Arbitrary<Json>;
  invalid: Arbitrary<Json>;
}

const field = (valid: Arbitrary<Json>, invalid: Arbitrary<Json>): FieldValues => ({ valid, invalid });
const values = (...items: Json[]): Arbitrary<Json> => fc.constantFrom(...items);
/** Text the validator takes (trimmed, not blank, at most `max`), unusual characters included. */
const text = (max: number, ...samples: string[]): FieldValues =>
  field(
    fc.oneof(
      { arbitrary: fc.constantFrom(...samples, 'é', '😀 emoji', "l'apostrophe", '%_\\', 'x'.repeat(max)), weight: 3 },
      { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).filter((value) => value.trim() !== ''), weight: 2 },
    ),
    values('', '   ', 'x'.repeat(max + 1), 12, null, ['a']),
  );
/** Optional text: also null and '' (no value). */
const optionalText = (max: number, ...samples: string[]): FieldValues => {
  const base = text(max, ...samples);
  return field(fc.oneof(base.valid, values(null, '')), values('x'.repeat(max + 1), 12, ['a']));
};
const idOf = (table: string, optionalId: boolean): FieldValues =>
  field(
    fc.oneof(
      { arbitrary: existing(table), weight: 6 },
      { arbitrary: hexId, weight: 1 },
      { arbitrary: optionalId ? values(null, '') : existing(table), weight: 1 },
    ),
    values('A'.repeat(24), '0'.repeat(23), 'g'.repeat(24), 42, ...(optionalId ? [] : [null])),
  );
const url = (max: number): FieldValues =>
  field(
    fc.oneof(
      {
        arbitrary: values(
          'https://x.example/a.png',
          'http://cdn.example.org/logo.svg?v=1#x',
          `https://x.example/${'p'.repeat(max - 19)}`,
          'https://é.example/ü.png',
        ),
        weight: 4,
      },
      { arbitrary: fc.webUrl({ validSchemes: ['https', 'http'] }), weight: 2 },
    ),
    values(
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'ftp://x.example/a',
      '//x.example/a',
      'https://',
      'x.example/a.png',
      `https://x.example/${'p'.repeat(max)}`,
    ),
  );
const email: FieldValues = field(
  fc.oneof(
    { arbitrary: knownEmail(), weight: 3 },
    { arbitrary: values('new.person@example.com', 'UPPER@EXAMPLE.COM', ' spaced@example.com ', 'é@exämple.fr'), weight: 1 },
    { arbitrary: fc.emailAddress(), weight: 1 },
  ),
  values('no-at-sign', 'a@b', `${'l'.repeat(250)}@example.com`, '', null),
);
const password: FieldValues = field(
  // TEST_PASSWORD (tests/helpers/testServer.ts) is every seeded admin's.
  fc.oneof(
    { arbitrary: fc.constant('secret-pass-1'), weight: 3 },
    { arbitrary: values('Zq8!vL2#pW9x', 'éééééé1', 'x'.repeat(1024)), weight: 1 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }), weight: 1 },
  ),
  values('aaaaaa', 'password', '123456', 'short', '', 'x'.repeat(1025), null),
);
/** Finite numbers at the edges of a double: a column with less range overflows on them. */
const extremeNumbers: Json[] = [Number.MAX_VALUE, -Number.MAX_VALUE, 1e308, 1e15, 1e12, 999_999_999_999.99, Number.MIN_VALUE, 0.001, 2 ** 53 + 2, -0];
const nonNegative: Json[] = extremeNumbers.filter((value) => typeof value === 'number' && value >= 0);
const nonFinite: Json[] = [new RawJson('1e999'), new RawJson('-1e999'), 'NaN', '10'];

/** Every column some search sorts by (companies, offers, needs): keys a client may send. */
const SORTABLE_COLUMNS = [
  'name',
  'credit_balance',
  'activity_domain',
  'sub_activity_domain',
  'city',
  'created_at',
  'title',
  'organisation_name',
  'price',
  'credit_ratio',
  'description',
  'emergency',
];
const sortObject = (keys: Arbitrary<string>, directions: Arbitrary<Json>): Arbitrary<Json> =>
  fc.tuple(keys, directions).map(([key, direction]) => new JsonObject([[key, direction]]));
/**
 * `{ column: 1 | -1 }`. Names every object inherits (`constructor`, `toString`) count as near-valid:
 * a lookup in a plain object of columns finds them, so they must be asked for as often as columns.
 */
const sort: FieldValues = field(
  fc.oneof(
    { arbitrary: sortObject(fc.constantFrom(...SORTABLE_COLUMNS), values(1, -1)), weight: 3 },
    { arbitrary: sortObject(fc.constantFrom(...PROTOTYPE_KEYS), values(1, -1)), weight: 2 },
    { arbitrary: values(new JsonObject([])), weight: 1 },
  ),
  fc.oneof(
    sortObject(fc.oneof(fc.constantFrom('password_hash', 'id', '', 'name; DROP TABLE admins'), hostileString), values(1, -1)),
    sortObject(fc.constantFrom(...SORTABLE_COLUMNS), values(0, 2, '1', 'asc', true, null, new RawJson('1e999'))),
    fc
      .array(fc.tuple(fc.constantFrom(...SORTABLE_COLUMNS, ...PROTOTYPE_KEYS), values(1, -1)), { minLength: 2, maxLength: 3 })
      .map((entries) => new JsonObject(entries)),
    values(null, 'created_at', 1, ['created_at', 1]),
  ),
);

const smallPng = dataUrl(PNG_BYTES);
const fileItem = (rawBody: Arbitrary<string>, name: Arbitrary<string>): Arbitrary<Json> =>
  fc.record({ rawBody, name }).map((item) => new JsonObject(Object.entries(item)));
const files: FieldValues = field(
  fc.array(
    fileItem(
      fc.constantFrom(smallPng, dataUrl('<svg xmlns="http://www.w3.org/2000/svg"></svg>', 'image/svg+xml'), dataUrl('%PDF-1.4\n', 'application/pdf')),
      fc.constantFrom('logo.png', '../../evil.png', 'é.png', '.htaccess', 'a'.repeat(255), 'con', 'x\u202egnp.exe'),
    ),
    { minLength: 1, maxLength: 3 },
  ),
  fc.oneof(
    fc.array(
      fileItem(
        fc.constantFrom(
          dataUrl('MZ\x90\x00', 'application/octet-stream'),
          'data:image/png;base64,',
          'data:image/png;base64,!!!!',
          'data:;base64,' + 'A'.repeat(10_000),
          'not a data url',
          `data:${';a'.repeat(5000)};base64,AAAA`,
        ),
        hostileString,
      ),
      { minLength: 1, maxLength: 2 },
    ),
    values(
      [],
      null,
      Array.from({ length: 11 }, () => new JsonObject([['rawBody', smallPng]])),
    ),
  ),
);

/**
 * The valid and invalid values of every body or query field the API reads. A field not listed here
 * gets hostile values only; a new route's fields should be added so that fuzzing goes past its validator.
 */
export function fieldArbitraries(options: { balanceField: string; uploadFolders: readonly string[] }): Record<string, FieldValues> {
  const domain = field(fc.constantFrom<Json>(...DOMAIN_NAMES), values('Nope', 'Tous', 'mobilier', ''));
  const subDomain = field(fc.constantFrom<Json>(...SUB_DOMAINS), values('Nope', 'x'.repeat(201)));
  const filterText = field(
    fc.oneof(
      fc.constantFrom<Json>(...DOMAIN_NAMES, ...SUB_DOMAINS),
      hostileString.filter((value) => value.length <= 200),
    ),
    values('x'.repeat(201), 5, null),
  );
  return {
    search: field(fc.oneof(text(200, 'a', 'Company', 'mobilier', 'User', 'Offre', '@example.com').valid, values('')), values('x'.repeat(201), 5, null, ['a'])),
    offset: field(values(0, 10, 990, 1_000_000), values(-1, 0.5, 1_000_001, '10', null, new RawJson('1e999'))),
    limit: field(values(1, 10, 50), values(0, 51, 1.5, '10')),
    sort,
    activity_domain: domain,
    domain_activity: filterText,
    sub_activity_domain: subDomain,
    organisation_id: idOf('companies', true),
    organisation_name: optionalText(200, 'Anything'),
    emergency: field(fc.constantFrom<Json>(...EMERGENCIES), values('Demain', '', null)),
    status: field(fc.constantFrom<Json>(...NEED_STATUSES), values('fini', 'EN COURS')),
    name: text(200, 'Fuzzed Name', 'Ä', ' padded '),
    title: text(200, 'Fuzzed title'),
    description: text(5000, 'A description'),
    text: text(2000, 'Hello', '<b>bold</b>', '  spaced  '),
    email,
    password,
    password1: password,
    newPassword: password,
    verifyPassword: password,
    token: field(knownToken, fc.oneof(fc.base64String({ maxLength: 60 }), values('', 'x'.repeat(201), null))),
    user_id: idOf('users', false),
    room: idOf('rooms', false),
    role: field(values('buyer', 'seller'), values('admin', 'BUYER', null)),
    sender_name: optionalText(200, 'Support'),
    sender_logo: field(fc.oneof(url(2000).valid, values(null, '')), url(2000).invalid),
    images: field(
      fc.array(url(2000).valid, { minLength: 1, maxLength: 20 }),
      fc.oneof(
        values(
          [],
          Array.from({ length: 21 }, () => 'https://x.example/a.png'),
        ),
        fc.array(url(2000).invalid, { minLength: 1, maxLength: 2 }),
      ),
    ),
    image_url: url(2000),
    logo_url: url(2000),
    website: field(fc.oneof(url(2000).valid, values(null, '')), url(2000).invalid),
    price: field(values(0, 10, 99.5, null, '', ...nonNegative), values(-1, -Number.MAX_VALUE, ...nonFinite)),
    unit: field(fc.constantFrom<Json>(...PRICE_UNITS, null), values('litre', 'Heure')),
    credit_ratio: field(fc.constantFrom<Json>(...CREDIT_RATIOS, null), values(0.3, 75, '0.5')),
    price_on_proposal: field(values(true, false), values('true', 1, null)),
    siret: field(values('12345678901234', '123 456 789 01234', null, ''), values('1234', '1234567890123a')),
    phone: field(values('+33 1 23 45 67 89', '0123456789', '(01) 23-45', null), values('call me', '+')),
    street_number: optionalText(20, '12', '12 bis'),
    route: optionalText(200, 'rue de la Paix'),
    city: optionalText(200, 'Paris', 'Saint-Étienne'),
    postal_code: field(values('75001', '2A004', 'SW1A 1AA', null), values('x', '12345678901')),
    country: optionalText(200, 'France'),
    legal_status: optionalText(200, 'SAS'),
    employees: field(values('10-50', 12, 0, Number.MAX_SAFE_INTEGER, null), values(-1, 1.5, 'x'.repeat(51))),
    turnover: field(values(0, 125000.5, null, ...nonNegative), values(-1, ...nonFinite)),
    creation_year: field(values(1800, 2020, new Date().getFullYear() + 1, null), values(1799, 3000, 2_147_483_648, '2020')),
    is_test: field(values(true, false), values('true', 1)),
    organization_id: optionalText(100, 'old-42'),
    [options.balanceField]: field(values(0, -20, 1e9, ...extremeNumbers), values(null, '5', ...nonFinite)),
    invited: field(values(true), values(false, 'true')),
    files,
    folder: field(fc.constantFrom<Json>(...options.uploadFolders), values('/../..', '/credit/../../x', '', '/', '/CREDIT')),
    amount: field(values(1, -1, 0.5, 12.34, -999_999_999_999.99, 999_999_999_999.99), values(0, 1.005, 1e12, '5', null, ...nonFinite)),
    reason: text(500, 'Achat de crédits', ' padded '),
    entity: field(fc.constantFrom<Json>(...AUDIT_ENTITIES), values('nope', '', 'Company')),
    entity_id: idOf('companies', false),
    admin_id: idOf('admins', false),
    action: field(fc.constantFrom<Json>(...AUDIT_ACTIONS), values('nope', '', 'CREATE')),
    from: field(values(new Date(0).toISOString(), '2026-01-01T00:00:00+01:00', new Date().toISOString()), values('yesterday', '2026-13-01T00:00:00Z', 0, '')),
    // Query strings
    q: text(100, 'agence', 'a'),
    api_token: field(
      fc.nat().map((pick) => new Placeholder('registryToken', undefined, pick)),
      values('wrong-token', ''),
    ),
    to: email,
  };
}

/** The fields a route's contract names for its body or query (shared/contract), when that part is an object schema. */
export const contractFields = (schema: unknown): string[] | undefined => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : undefined);

// ---------------------------------------------------------------------------------------------
// Whole requests

export type BodySpec = { kind: 'none' } | { kind: 'json'; value: Json } | { kind: 'text'; text: string };
export type AuthSpec =
  | { kind: 'session' }
  | { kind: 'none' }
  | { kind: 'cookieOnly' }
  /** The live token, wrapped: another scheme, extra words, doubled spaces: never a valid header. */
  | { kind: 'wrapped'; before: string; after: string }
  | { kind: 'raw'; header: string };
export type ParamSpec = { kind: 'value'; value: Json } | { kind: 'raw'; text: string };
export type QuerySpec = { pairs: ReadonlyArray<readonly [string, Json]>; raw: string };

export interface RequestSpec {
  method: string;
  /** The route's URL pattern (`/api/company/:id`) or a literal path. */
  url: string;
  params: Record<string, ParamSpec>;
  query: QuerySpec;
  auth: AuthSpec;
  contentType: string | undefined;
  body: BodySpec;
  extraHeaders: Record<string, string>;
}

/** Raw bodies: broken JSON, other formats, a byte-order mark, deep nesting, over the 1 MiB limit. */
const RAW_BODIES = [
  '',
  ' ',
  '\n',
  '{',
  '{"a":',
  'nul',
  'null',
  '[]',
  '"x"',
  '0',
  'true',
  '\u0000',
  '{"a":1,}',
  "{'a':1}",
  'a=1&b=2',
  '\ufeff{}',
  '{}{}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"search":"\\ud800"}',
  '{"search":"\\u0000"}',
  '[1e999]',
  `{"search":"${'\\\\'.repeat(5000)}"}`,
  '['.repeat(1000) + ']'.repeat(1000),
  '['.repeat(100_000) + ']'.repeat(100_000),
  '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
  `{"search":"${'a'.repeat(1_100_000)}"}`,
];

const contentType: Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 20 },
  {
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=latin1',
      'application/json;',
      'application/json; charset=utf-16',
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/jsonx',
      'application/vnd.api+json',
      '*/*',
      '',
      'application/json, text/plain',
      'text/html',
    ),
    weight: 3,
  },
);

const auth: Arbitrary<AuthSpec> = fc.oneof(
  { arbitrary: fc.constant<AuthSpec>({ kind: 'session' }), weight: 24 },
  { arbitrary: fc.constant<AuthSpec>({ kind: 'none' }), weight: 2 },
  { arbitrary: fc.constant<AuthSpec>({ kind: 'cookieOnly' }), weight: 1 },
  {
    arbitrary: fc
      .constantFrom(
        ['JWT ', ' junk'],
        ['JWT  ', ''],
        ['jwt ', ''],
        ['Bearer ', ''],
        ['', ''],
        ['JWT ', 'x'],
        ['JWT ', ',JWT abc'],
        ['JWT\t', ''],
        ['JWT ', ' '],
      )
      .map(([before, after]): AuthSpec => ({ kind: 'wrapped', before, after })),
    weight: 2,
  },
  {
    arbitrary: fc
      .oneof(
        fc.constantFrom('JWT', 'JWT ', 'JWT null', 'JWT undefined', `JWT ${'a'.repeat(10_000)}`, 'Basic YTpi', 'JWT %00', 'JWT ../..'),
        fc.string({ unit: 'grapheme-ascii', maxLength: 60 }),
      )
      .map((header): AuthSpec => ({ kind: 'raw', header })),
    weight: 2,
  },
);

const extraHeaders: Arbitrary<Record<string, string>> = fc.oneof(
  { arbitrary: fc.constant({}), weight: 6 },
  {
    arbitrary: fc.record(
      {
        'x-forwarded-for': fc.constantFrom('1.2.3.4', 'junk', '::1, 10.0.0.1', ', ,', 'a'.repeat(2000)),
        accept: fc.constantFrom('text/html', '*/*', 'application/xml', ''),
        origin: fc.constantFrom('http://localhost:5173', 'https://evil.example', 'null'),
        'access-control-request-method': fc.constantFrom('POST', 'DELETE', 'TRACE', ''),
        cookie: fc.constantFrom('ap_session=forged', 'ap_session=', '%%%', 'a=1; '.repeat(200)),
      },
      { requiredKeys: [] },
    ),
    weight: 1,
  },
);

const PARAM_JUNK = [
  '%E0%A4%A',
  '%00',
  '%',
  '%zz',
  '%2F',
  '%2e%2e',
  '..',
  '.',
  'a'.repeat(101),
  'a'.repeat(5000),
  '%C0%AE',
  '%FF%FE',
  '%20',
  'a%20b',
  '%3F',
  '%23',
  '~',
  '-1',
  '0',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'A'.repeat(24),
  'g'.repeat(24),
  '0'.repeat(25),
  '%u0000',
  '%25',
  '%%',
];

/** A path parameter: an existing row's id (of the table `table`), another id, or junk. */
export function paramArbitrary(table: string | undefined): Arbitrary<ParamSpec> {
  const placeholder = (kind: PlaceholderKind) => fc.nat().map((pick): ParamSpec => ({ kind: 'value', value: new Placeholder(kind, table, pick) }));
  return fc.oneof(
    // The uploads wildcard names a stored file (a path below /uploads/); a record's parameter, an existing row.
    { arbitrary: placeholder(table === 'uploads' ? 'upload' : 'id'), weight: 6 },
    // The signed-in admin's own id (DELETE /admin/{own id} is refused: the row must stay).
    ...(table === 'admins' ? [{ arbitrary: placeholder('selfId'), weight: 2 }] : []),
    { arbitrary: hexId.map((value): ParamSpec => ({ kind: 'value', value })), weight: 2 },
    { arbitrary: hostileString.map((value): ParamSpec => ({ kind: 'value', value })), weight: 2 },
    { arbitrary: fc.constantFrom(...PARAM_JUNK).map((text): ParamSpec => ({ kind: 'raw', text })), weight: 2 },
  );
}

const RAW_QUERIES = [
  '',
  '__proto__[x]=1',
  'constructor=1',
  'constructor[prototype][x]=1',
  'a[b][c]=1',
  '%00=%00',
  '%E0%A4%A',
  'q=1&q=2',
  'a=1&'.repeat(2000),
  '=',
  '&&&',
  'q',
  'sort[constructor]=1',
  'toString=1',
  'q=%00',
  `q=${'a'.repeat(10_000)}`,
];

type Dictionary = Record<string, FieldValues>;

/**
 * How a request's fields are filled: all valid (the way past the validator into the queries), or
 * mixed (each valid, invalid or hostile), so that both the deep code and the validator are fuzzed.
 */
type FillMode = 'valid' | 'mixed';
const fillMode: Arbitrary<FillMode> = fc.oneof(
  { arbitrary: fc.constant<FillMode>('valid'), weight: 3 },
  { arbitrary: fc.constant<FillMode>('mixed'), weight: 2 },
);

function fieldValue(dictionary: Dictionary, name: string, mode: FillMode): Arbitrary<Json> {
  const known = dictionary[name];
  if (!known) return hostileValue;
  if (mode === 'valid') return known.valid;
  return fc.oneof({ arbitrary: known.valid, weight: 3 }, { arbitrary: known.invalid, weight: 1 }, { arbitrary: hostileValue, weight: 1 });
}

/** Which of the route's fields a request carries: all, some, or just one. */
function chosenFields(fields: readonly string[]): Arbitrary<string[]> {
  if (!fields.length) return fc.constant([]);
  const all: Arbitrary<string[]> = fc.constant([...fields]);
  return fc.oneof(
    { arbitrary: all, weight: 2 },
    { arbitrary: fc.subarray([...fields]), weight: 3 },
    { arbitrary: fc.constantFrom(...fields).map((name) => [name]), weight: 1 },
  );
}

function fieldEntries(fields: readonly string[], dictionary: Dictionary): Arbitrary<Array<[string, Json]>> {
  return fc
    .tuple(chosenFields(fields), fillMode)
    .chain(([chosen, mode]) =>
      fc
        .tuple(...chosen.map((name) => fieldValue(dictionary, name, mode)))
        .map((filled) => chosen.map((name, index): [string, Json] => [name, filled[index] ?? null])),
    );
}

function queryArbitrary(fields: readonly string[], dictionary: Dictionary): Arbitrary<QuerySpec> {
  return fc.record({
    pairs: fields.length ? fc.oneof({ arbitrary: fieldEntries(fields, dictionary), weight: 4 }, { arbitrary: fc.constant([]), weight: 1 }) : fc.constant([]),
    raw: fc.oneof({ arbitrary: fc.constant(''), weight: 4 }, { arbitrary: fc.constantFrom(...RAW_QUERIES), weight: 1 }),
  });
}

/** A body built from the route's fields (see fieldEntries), now and then with hostile extra keys; or any JSON; or none; or broken text. */
function bodyArbitrary(fields: readonly string[], dictionary: Dictionary): Arbitrary<BodySpec> {
  // A sub-domain is valid only with its own domain: pair them half of the time.
  const domainField = fields.find((name) => name === 'activity_domain' || name === 'domain_activity');
  const domainPair = fc.constantFrom(...DOMAIN_NAMES).chain((domain) => fc.constantFrom(...ACTIVITY_DOMAINS[domain]).map((sub) => [domain, sub] as const));
  const coherent = (entries: Array<[string, Json]>): Arbitrary<Array<[string, Json]>> =>
    domainField && fields.includes('sub_activity_domain')
      ? fc
          .option(domainPair, { freq: 2 })
          .map((pair) =>
            pair
              ? [
                  ...entries.filter(([name]) => name !== domainField && name !== 'sub_activity_domain'),
                  [domainField, pair[0]],
                  ['sub_activity_domain', pair[1]],
                ]
              : entries,
          )
      : fc.constant(entries);
  const extra = fc.array(fc.tuple(hostileKey, hostileValue), { maxLength: 3 });
  const asObject = fc
    .tuple(fieldEntries(fields, dictionary).chain(coherent), fc.oneof({ arbitrary: fc.constant([]), weight: 3 }, { arbitrary: extra, weight: 1 }))
    .map(([entries, extras]): BodySpec => ({ kind: 'json', value: new JsonObject([...entries, ...extras]) }));
  return fc.oneof(
    { arbitrary: asObject, weight: 10 },
    { arbitrary: hostileValue.map((value): BodySpec => ({ kind: 'json', value })), weight: 2 },
    { arbitrary: fc.constant<BodySpec>({ kind: 'none' }), weight: 1 },
    { arbitrary: fc.constantFrom(...RAW_BODIES).map((text): BodySpec => ({ kind: 'text', text })), weight: 1 },
  );
}

/** Every `:param` (and the `*` wildcard) of a Fastify URL pattern. */
export const urlParams = (url: string): string[] => [...url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');

/** The resource a parameter names, as a table: by its own name (commentId), else the segment before it. */
export function tableForParam(url: string, param: string): string | undefined {
  if (param === '*') return url.startsWith('/uploads/') ? 'uploads' : undefined;
  if (/comment/i.test(param)) return 'company_comments';
  const segments = url.split('/');
  const at = segments.indexOf(`:${param}`);
  const resource = segments[at - 1];
  const tables: Record<string, string> = {
    ...Object.fromEntries(entities.map((entity) => [entity.name, getTableName(entity.table)])),
    company: 'companies',
    room: 'rooms',
  };
  return resource ? tables[resource] : undefined;
}

export interface RouteShape {
  method: string;
  url: string;
  /** The route's contract, as registered: its body and query schemas name the fields to fuzz. */
  schema?: { body?: unknown; querystring?: unknown };
}

/** Arbitrary requests to one route of the app. */
export function requestArbitrary(route: RouteShape, dictionary: Dictionary, options: { balanceField: string }): Arbitrary<RequestSpec> {
  // A route whose contract names no body object gets every known field (a POST or PUT) or none (a GET or DELETE reads no body).
  const readsBody = route.method === 'POST' || route.method === 'PUT';
  const declared = contractFields(route.schema?.body) ?? (readsBody ? Object.keys(dictionary) : []);
  // The company's balance travels under its run-time name, which the contract documents as `credit_balance`.
  const fields = [...new Set(declared.map((field) => (field === 'credit_balance' ? options.balanceField : field)))];
  const queryFields = contractFields(route.schema?.querystring) ?? [];
  // `OPTIONS *` (CORS preflights) answers any path: its wildcard is a whole path.
  const params =
    route.url === '*'
      ? {
          '*': fc
            .constantFrom('/api/company/search', '/api/admin/logout', '/api/nowhere', '/uploads/x.png', '/', '/api/%E0%A4%A', `/api/${'a'.repeat(5000)}`)
            .map((text): ParamSpec => ({ kind: 'raw', text })),
        }
      : Object.fromEntries(urlParams(route.url).map((param) => [param, paramArbitrary(tableForParam(route.url, param))]));
  // A route read without a body: mostly none, as clients send it; sometimes one anyway.
  const body = bodyArbitrary(fields, dictionary);
  return fc.record({
    method: fc.constant(route.method),
    url: fc.constant(route.url),
    params: fc.record(params),
    query: queryArbitrary(queryFields, dictionary),
    auth,
    contentType,
    body: readsBody ? body : fc.oneof({ arbitrary: fc.constant<BodySpec>({ kind: 'none' }), weight: 3 }, { arbitrary: body, weight: 1 }),
    extraHeaders,
  });
}

/** Requests to paths the app does not serve, or serves only in part: junk segments, odd prefixes, other methods. */
export function strayRequestArbitrary(dictionary: Dictionary): Arbitrary<RequestSpec> {
  const segment = fc.oneof(
    fc.constantFrom(
      'admin',
      'company',
      'user',
      'offer',
      'need',
      'room',
      'file',
      'dev',
      'uploads',
      'search',
      'health',
      'ready',
      '',
      '.',
      '..',
      '%2e%2e',
      '%00',
      '%E0%A4%A',
      'a'.repeat(101),
      '*',
    ),
    fc.string({ unit: 'grapheme-ascii', maxLength: 12 }).map(encodeURIComponent),
  );
  const path = fc
    .tuple(fc.constantFrom('/api/', '/API/', '//api//', '/api/../api/', '/', '/uploads/', '/api/v2/', ''), fc.array(segment, { maxLength: 4 }))
    .map(([prefix, segments]) => `${prefix}${segments.join('/')}`);
  const longPath = fc.constantFrom(`/api/${'a'.repeat(100_000)}`, `/api/${'a/'.repeat(20_000)}`, `/api/company/${'%E0'.repeat(3000)}`);
  return fc.record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
    url: fc.oneof({ arbitrary: path, weight: 6 }, { arbitrary: longPath, weight: 1 }).map((url) => (url.startsWith('/') ? url : `/${url}`)),
    params: fc.constant({}),
    query: queryArbitrary([], dictionary),
    auth,
    contentType,
    body: fc.oneof(fc.constant<BodySpec>({ kind: 'none' }), bodyArbitrary([], dictionary)),
    extraHeaders,
  });
}
