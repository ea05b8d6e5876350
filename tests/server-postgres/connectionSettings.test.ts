import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../helpers/testServer';

// Runs in the PostgreSQL pass only (vitest.config.ts includes this folder when DATABASE_URL is set).
let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
});
afterAll(() => server.close());

describe("the server's PostgreSQL connections", () => {
  it('compile no statement just in time, on every connection of the pool', async () => {
    // Statements in parallel take several connections of the pool, each set up on its own.
    const settings = await Promise.all(
      Array.from({ length: 5 }, () => server.app.db.execute(sql`SELECT current_setting('jit') AS jit, pg_backend_pid() AS pid, pg_sleep(0.05)`)),
    );
    const rows = settings.map((result) => (result as unknown as { rows: Array<{ jit: string; pid: number }> }).rows[0]);
    expect(new Set(rows.map((row) => row?.pid)).size).toBeGreaterThan(1);
    expect(rows.map((row) => row?.jit)).toEqual(Array(5).fill('off'));
  });
});
