import type { BinaryLike, ScryptOptions } from 'node:crypto';
import { getTableName } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { balanceField } from '../../shared/catalogue/product';
import { uploadFolders } from '../../shared/contract/files';
import { fieldArbitraries, requestArbitrary, strayRequestArbitrary, type RequestSpec } from '../helpers/fuzzInputs';
import { entities } from '../../server/entities';
import { DECLARED_ROWS, FuzzWorld } from '../helpers/fuzzWorld';
import { buildTestServer } from '../helpers/testServer';

/*
 * Property-based fuzzing of every route the app registers (app.routeList, filled by an onRoute hook
 * in server/app.ts, so that a new route is fuzzed without being named here): hostile and near-valid
 * bodies, path parameters, query strings, content types and credentials. Each answer must be a
 * success or a 4xx `{ok:false, code}`, never a 5xx, and a refused request must change no row
 * (see tests/helpers/fuzzWorld.ts for the checks, tests/helpers/fuzzInputs.ts for the inputs).
 *
 * FUZZ_RUNS sets the requests per route (default 30: well under a minute per pass); `npm run fuzz`
 * runs many more. FUZZ_SEED replays a run (fast-check prints the seed of a failure).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/*
 * Password hashing is scrypt at N = 2^17 (about half a second each): at that cost a sign-in or a
 * password reset fuzzed near-validly would take most of the time budget. Here only, scrypt runs at
 * N = 2^10; every hash is still made and checked through the same code (server/lib/passwords.ts).
 */
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  const cheapScrypt = (password: BinaryLike, salt: BinaryLike, keylen: number, options: ScryptOptions, callback: (error: Error | null, key: Buffer) => void) =>
    actual.scrypt(password, salt, keylen, { ...options, N: Math.min(options.N ?? 2 ** 14, 2 ** 10) }, callback);
  return { ...actual, default: { ...actual, scrypt: cheapScrypt }, scrypt: cheapScrypt };
});

// Built at collection time: the routes to fuzz are the app's own, one test each.
const server = await buildTestServer({
  // The development helpers are routes too (refused in production, but served where DEV_ROUTES is on).
  devRoutes: true,
  // Sign-in limits are tested in auth.test.ts; here they would soon answer every sign-in and
  // recovery call with 429 and hide the code behind it.
  authRateLimit: { max: 1_000_000, windowSeconds: 900 },
});
const { app } = server;
const routes = [...app.routeList];
const dictionary = fieldArbitraries({ balanceField: balanceField(app.config.product), uploadFolders: uploadFolders(app.config.product) });
let world: FuzzWorld;

beforeAll(async () => {
  world = await FuzzWorld.open(app);
});

afterAll(async () => {
  if (world) console.info(`fuzz: ${world.requests} requests, statuses ${world.summary()}`);
  await server.close();
});

const runOptions = (runs: number): fc.Parameters<[RequestSpec]> => ({
  numRuns: runs,
  ...(SEED === undefined ? {} : { seed: SEED }),
  // The app's state moves on with every request, so shrinking would replay against other rows: the
  // first failing request is reported as sent (method, URL, headers, body, answer) with the seed.
  endOnFailure: true,
  reporter: (details) => {
    if (!details.failed) return;
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(`${cause}\n  after ${details.numRuns} requests; replay with FUZZ_SEED=${details.seed}`);
  },
});
/** Generous: a slow machine or PostgreSQL must not time a passing run out. */
const timeoutFor = (runs: number) => Math.max(30_000, runs * 400);

describe('fuzzing every route', () => {
  it('enumerates the routes from the app', () => {
    // Every method + URL once; HEAD is Fastify's copy of each GET.
    expect(new Set(routes.map((route) => `${route.method} ${route.url}`)).size).toBe(routes.length);
    expect(routes.map(({ method, url }) => ({ method, url }))).toEqual(
      expect.arrayContaining([
        { method: 'POST', url: '/api/admin/signin' },
        { method: 'DELETE', url: '/api/company/:id' },
        { method: 'GET', url: '/uploads/*' },
      ]),
    );
  });

  it('has rows of every entity the standard routes create, made from its declaration, for requests to name', () => {
    for (const entity of entities.filter((one) => one.create))
      expect(world.poolSize(getTableName(entity.table)), entity.name).toBeGreaterThanOrEqual(DECLARED_ROWS);
  });

  /*
   * No route is skipped. Those that end or replace the fuzzing session are fuzzed like the others,
   * because the world checks the session after any request that changed rows and, if it is gone,
   * signs a new admin in before the next request (FuzzWorld.prepare):
   * - POST /admin/logout ends it;
   * - POST /admin/forgot_password_reset (with a link harvested from the outbox) and
   *   POST /admin/reset_password end the admin's other sessions or all of them;
   * - PUT /admin and PUT /admin/{id} may change an e-mail, which revokes that admin's sessions;
   * - DELETE /admin/{id} may delete the admin of a session (never its own: that is refused);
   * - POST /admin/signin opens new sessions, whose tokens are kept for `token` fields.
   * Rows the fuzzing deletes (companies, users, rooms...) are inserted again likewise.
   */
  for (const route of routes) {
    it(
      `${route.method} ${route.url}`,
      async () => {
        const requests = requestArbitrary(route, dictionary, { balanceField: balanceField(app.config.product) });
        await fc.assert(
          fc.asyncProperty(requests, (spec) => world.send(spec, route)),
          runOptions(RUNS),
        );
      },
      timeoutFor(RUNS),
    );
  }

  it(
    'paths and methods the app does not serve',
    async () => {
      await fc.assert(
        fc.asyncProperty(strayRequestArbitrary(dictionary), (spec) => world.send(spec, undefined)),
        runOptions(RUNS * 2),
      );
    },
    timeoutFor(RUNS * 2),
  );
});
