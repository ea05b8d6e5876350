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
    const before = await throwawayDatabaseNames();
    const handle = await openThrowawayDatabase(serverUrl);
    const created = (await throwawayDatabaseNames()).filter((name) => !before.includes(name));
    expect(created).toHaveLength(1);

    const url = new URL(serverUrl);
    url.pathname = `/${created[0]}`;
    const lingering = new pg.Client({ connectionString: url.toString() });
    await lingering.connect();
    const leaving = sleep(700).then(() => lingering.end());

    await handle.close();
    await leaving;
    expect(await throwawayDatabaseNames()).not.toContain(created[0]);
  });
});
