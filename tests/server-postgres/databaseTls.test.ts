import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { isMisconfigured } from '../../server/lib/dbErrors';
import { startTlsCluster, type TlsCluster } from '../helpers/tlsCluster';

// Runs in the PostgreSQL pass only, against a throw-away cluster of its own (the shared one has ssl = off): TLS with
// a certificate from a CA made for the test, given as DATABASE_CA_FILE.
let cluster: TlsCluster;
const opened: DatabaseHandle[] = [];

beforeAll(async () => {
  cluster = await startTlsCluster();
}, 120_000);

afterAll(async () => {
  await Promise.all(opened.map((handle) => handle.close()));
  cluster?.stop();
});

const warnings: string[] = [];
async function open(databaseUrl: string, databaseCaFile: string): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl, databaseCaFile, dataDir: ':memory:' }, { warn: (line) => warnings.push(line) });
  opened.push(handle);
  return handle;
}

const encrypted = async (handle: DatabaseHandle) =>
  ((await handle.db.execute(sql`SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()`)) as unknown as { rows: Array<{ ssl: boolean }> }).rows[0]?.ssl;

describe('TLS to the database with DATABASE_CA_FILE', () => {
  it.each(['verify-full', 'require'] as const)(
    'sslmode=%s: migrates, queries and listens over TLS, the server’s certificate checked against the CA',
    async (sslmode) => {
      const handle = await open(cluster.url(sslmode), cluster.caFile);
      expect(await encrypted(handle)).toBe(true);
      const heard: string[] = [];
      const stop = await handle.listen(
        'tls_channel',
        (payload) => heard.push(payload),
        () => undefined,
      );
      await handle.db.execute(sql`SELECT pg_notify('tls_channel', 'over tls')`);
      for (let waited = 0; heard.length === 0 && waited < 3_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toEqual(['over tls']);
      await stop();
    },
  );

  it('refuses at start, as a configuration to fix, a certificate the given CA did not sign, without naming the URL', async () => {
    const failure = await openDatabase({ databaseUrl: cluster.url('verify-full'), databaseCaFile: cluster.otherCaFile, dataDir: ':memory:' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(isMisconfigured(failure)).toBe(true);
    expect(String((failure as Error).message)).not.toContain('postgresql://');
  });
});
