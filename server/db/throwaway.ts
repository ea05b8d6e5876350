import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from './client';

/**
 * A fresh database for a test file or a benchmark run: in-memory PGlite, or — when DATABASE_URL is set — a
 * throw-away database on that PostgreSQL server, dropped again by close().
 */
export async function openThrowawayDatabase(serverUrl: string | undefined = process.env.DATABASE_URL): Promise<DatabaseHandle> {
  if (!serverUrl) return openDatabase({ dataDir: ':memory:' });
  const name = `ap_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: ':memory:' });
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

