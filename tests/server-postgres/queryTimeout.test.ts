import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { openThrowawayDatabase } from '../../server/db/throwaway';
import { startPostgresProxy, type PostgresProxy } from '../helpers/postgresProxy';

// Runs in the PostgreSQL pass only: a pool that reaches its throw-away database through a proxy this test controls.
const QUERY_TIMEOUT_MS = 600;

let database: Awaited<ReturnType<typeof openThrowawayDatabase>>;
let proxy: PostgresProxy;
let handle: DatabaseHandle;

beforeAll(async () => {
  database = await openThrowawayDatabase();
  proxy = await startPostgresProxy(process.env.DATABASE_URL as string);
  const databaseName = new URL(database.url as string).pathname.slice(1);
  handle = await openDatabase({ databaseUrl: proxy.urlFor(databaseName), databaseQueryTimeoutMs: QUERY_TIMEOUT_MS, dataDir: ':memory:' });
});
afterAll(async () => {
  await handle?.close().catch(() => undefined);
  await proxy?.close();
  await database?.close();
});

describe('a statement that outlives the query timeout', () => {
  it('fails its transaction within one timeout: the ROLLBACK does not wait on the silent connection a second time', async () => {
    const startedAt = Date.now();
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      proxy.silenceOpen();
      await tx.execute(sql`SELECT 2`);
    });
    await expect(transaction).rejects.toThrow();
    expect(Date.now() - startedAt).toBeLessThan(QUERY_TIMEOUT_MS * 1.6);
    // And the pool serves again once the other silenced connections it held have timed out and gone.
    let served = false;
    for (let attempt = 0; attempt < 5 && !served; attempt += 1)
      served = await handle.db.execute(sql`SELECT 3`).then(
        () => true,
        () => false,
      );
    expect(served).toBe(true);
  });
});
