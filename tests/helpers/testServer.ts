import type { Role } from '../../shared/catalogue/permissions';
import { randomBytes, scryptSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { openThrowawayDatabase } from '../../server/db/throwaway';
import { admins } from '../../server/db/schema';
import { newId } from '../../server/lib/ids';
import { pgliteImage } from './pgliteImage';

/** A fresh database for one test file (see server/db/throwaway.ts); on PGlite, started from the migrated image. */
export const openTestDatabase = async () => openThrowawayDatabase(process.env.DATABASE_URL, await pgliteImage());

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: ':memory:', CONSOLE_DIR: './no-console-in-tests' }),
    ...overrides,
  };
}

export interface TestServer {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The app on a fresh database and a fresh upload folder, both gone after close(). */
export async function buildTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const database = await openTestDatabase();
  const uploadDir = mkdtempSync(join(tmpdir(), 'ap-uploads-'));
  const app = await buildApp(testConfig({ uploadDir, ...overrides }), { database, logger: false });
  return {
    app,
    async close() {
      try {
        await app.close();
        await database.close();
      } finally {
        rmSync(uploadDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The app on the embedded database of `dataDir`, as a server opens it (from `image` when the folder is new), closed
 * with it after `work`: a test writes before a server or command runs on the folder, and reads what it left.
 */
export async function appOnDataDir<T>(dataDir: string, work: (app: FastifyInstance) => Promise<T>, image?: Blob): Promise<T> {
  const database = await openDatabase({ dataDir, ...(image ? { pgliteImage: image } : {}) });
  const app = await buildApp(testConfig({ dataDir }), { database, logger: false });
  try {
    return await work(app);
  } finally {
    await app.close();
    await database.close();
  }
}

export const TEST_PASSWORD = 'secret-pass-1';
/**
 * The test admins' hash, at scrypt N = 2^10 instead of the server's 2^17: verifyPassword reads the cost stored with each
 * hash, and a sign-in at the real cost (a core for about a second) in every test file took minutes of each run. The
 * hashes the server makes (set and change password, the demo admin) keep the real cost.
 */
const testPasswordHash = (() => {
  const [cost, blockSize, parallelism] = [2 ** 10, 8, 1];
  const salt = randomBytes(16);
  const key = scryptSync(TEST_PASSWORD, salt, 32, { N: cost, r: blockSize, p: parallelism });
  return ['scrypt', cost, blockSize, parallelism, salt.toString('base64'), key.toString('base64')].join('$');
})();

/** An owner unless `role` says otherwise: the spec's flows are an owner's. */
export async function insertAdmin(app: FastifyInstance, values: { name?: string; email?: string; withPassword?: boolean; role?: Role } = {}) {
  const id = newId();
  const email = values.email ?? `admin-${id}@example.com`;
  const passwordHash = values.withPassword === false ? null : testPasswordHash;
  await app.db.insert(admins).values({ id, name: values.name ?? 'Test Admin', email, passwordHash, role: values.role ?? 'owner' });
  return { id, email };
}

export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD) {
  const response = await app.inject({ method: 'POST', url: '/api/admin/signin', payload: { email, password } });
  const body = response.json<{ ok: boolean; token: string; user: { _id: string } }>();
  if (!body.ok) throw new Error(`sign-in failed: ${response.body}`);
  return { token: body.token, user: body.user, response };
}

/** An admin with a live session, and a helper that calls the API as them. */
export async function signedInAdmin(app: FastifyInstance, role: Role = 'owner') {
  const { id, email } = await insertAdmin(app, { name: 'Signed In', role });
  const { token } = await signIn(app, email);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `JWT ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { id, email, token, call };
}

export type SignedInAdmin = Awaited<ReturnType<typeof signedInAdmin>>;

/** A test file's server and signed-in admin: built before its tests, closed after them. */
export function useSignedInServer(overrides: Partial<Config> = {}) {
  const context = {} as { server: TestServer; me: SignedInAdmin };
  beforeAll(async () => {
    context.server = await buildTestServer(overrides);
    context.me = await signedInAdmin(context.server.app);
  });
  afterAll(() => context.server.close());
  return context;
}
