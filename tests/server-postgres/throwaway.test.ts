import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openThrowawayDatabase } from '../../server/db/throwaway';

// Runs in the PostgreSQL pass only (vitest.config.ts includes this folder when DATABASE_URL is set).
const serverUrl = process.env.DATABASE_URL as string;

async function throwawayDatabaseNames(): Promise<string[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'ap_test_%'");
    return rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}

describe('throw-away test databases on PostgreSQL', () => {
  it('drops the database on close, waiting for a connection that is still leaving', async () => {
    // Other test files make and drop their own databases meanwhile: only this handle's name is looked for.
    const handle = await openThrowawayDatabase(serverUrl);
    const name = new URL(handle.url ?? '').pathname.slice(1);
    expect(await throwawayDatabaseNames()).toContain(name);

    const lingering = new pg.Client({ connectionString: handle.url });
    await lingering.connect();
    const leaving = sleep(700).then(() => lingering.end());

    await handle.close();
    await leaving;
    expect(await throwawayDatabaseNames()).not.toContain(name);
  });
});
