import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app';
import type { Config } from '../../server/config';
import { openTestDatabase, testConfig } from './testServer';

/**
 * Server instances over one fresh database, as behind a load balancer: on PostgreSQL each opens its own pool and
 * LISTEN connection, as two processes would; PGlite lives inside one process, so there they share its handle. Each
 * has its own upload folder: nothing may depend on the local disk. The database opens before the file's tests; after
 * them every instance closes, then the database.
 */
export function useInstancesOverOneDatabase() {
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  const instances: FastifyInstance[] = [];
  const uploadDirs: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
  });

  afterAll(async () => {
    try {
      // A socket the test's fetch aborted may not have reached its server yet: it would hold the close. Closing an
      // instance a test closed already does nothing.
      for (const instance of instances) instance.server.closeAllConnections();
      await Promise.all(instances.map((instance) => instance.close()));
      await database?.close();
    } finally {
      for (const dir of uploadDirs) rmSync(dir, { recursive: true, force: true });
    }
  });

  return {
    /** The database's URL on PostgreSQL, undefined on PGlite. */
    databaseUrl: () => database?.url,
    /** One more instance, with these config overrides; from a beforeAll or a test. */
    async build(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
      if (!database) throw new Error('the database opens in beforeAll: build instances from there or from a test');
      const uploadDir = mkdtempSync(join(tmpdir(), 'ap-uploads-'));
      uploadDirs.push(uploadDir);
      const config = testConfig({ uploadDir, databaseUrl: database.url, ...database.pooling, ...overrides });
      const instance = await buildApp(config, { logger: false, ...(database.url ? {} : { database }) });
      instances.push(instance);
      return instance;
    },
  };
}

/**
 * `count` instances over one PostgreSQL database, each listening on a port of its own, as processes behind a load
 * balancer: `servers` and their `bases` (`http://127.0.0.1:{port}`) are filled before the file's tests.
 */
export function useListeningServers(count: number) {
  const instances = useInstancesOverOneDatabase();
  const servers: FastifyInstance[] = [];
  const bases: string[] = [];
  beforeAll(async () => {
    if (!instances.databaseUrl()) throw new Error('this file needs DATABASE_URL');
    for (let index = 0; index < count; index += 1) {
      const server = await instances.build();
      servers.push(server);
      bases.push(await server.listen({ host: '127.0.0.1', port: 0 }));
    }
  });
  return { servers, bases };
}
