import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startPostgresProxy, type PostgresProxy } from './postgresProxy';
import { freePort } from './serverProcess';

/** Debian's package puts it on the PATH; `.ci/run` installs it. */
export const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';

export interface PgBouncer {
  /** A DATABASE_URL naming `database` through the pooler (transaction mode). */
  urlFor(database: string): string;
  /** Between the pooler and PostgreSQL: cut it to restart "the database" behind the pooler. */
  backend: PostgresProxy;
  stop(): Promise<void>;
}

/**
 * PgBouncer in transaction mode on a free loopback port, from a throw-away configuration, in front of the cluster that
 * `databaseUrl` names. It refuses to run as root, so it runs as `postgres` then; it reaches PostgreSQL through a
 * Unix-socket proxy of this process, whose peer PostgreSQL's peer authentication sees as the tests' user. Any database
 * name passes through (`*`), so each test's throw-away database is reached as it is directly.
 */
export async function startPgBouncer(databaseUrl: string, settings: { poolSize?: number } = {}): Promise<PgBouncer> {
  const backend = await startPostgresProxy(databaseUrl, 'unix');
  const user = new URL(databaseUrl).username || 'root';
  const port = await freePort();
  const directory = mkdtempSync(join(tmpdir(), 'ap-pgbouncer-'));
  chmodSync(directory, 0o755);
  const socket = backend.socket as { directory: string; port: number };
  writeFileSync(join(directory, 'users.txt'), `"${user}" ""\n`, { mode: 0o644 });
  writeFileSync(
    join(directory, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${socket.directory} port=${socket.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(directory, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${settings.poolSize ?? 8}`,
      'max_client_conn = 1000',
      // Quick to retry after the backend comes back (the default waits 15 s).
      'server_login_retry = 1',
      'server_connect_timeout = 3',
      // A client waiting for a server connection is answered with an error after this, not after 120 s.
      'query_wait_timeout = 5',
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcessWithoutNullStreams = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), join(directory, 'pgbouncer.ini')]);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // No binary: say how to get one (`.ci/run` installs it).
  child.on('error', (error) => (output += `${error.message}: apt-get install -y pgbouncer, or set PGBOUNCER_PATH\n`));
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(3_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await backend.close();
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, () => child.exitCode !== null || output.includes('apt-get install'));
  } catch (error) {
    await stop();
    throw new Error(`pgbouncer did not start: ${(error as Error).message}\n${output.slice(-2_000)}`, { cause: error });
  }
  return { urlFor: (database) => `postgresql://${user}@127.0.0.1:${port}/${database}`, backend, stop };
}

async function waitForPort(port: number, gaveUp: () => boolean): Promise<void> {
  for (let waited = 0; ; waited += 50) {
    const open = await new Promise<boolean>((resolve) => {
      const probe = connect(port, '127.0.0.1', () => {
        probe.destroy();
        resolve(true);
      });
      probe.on('error', () => resolve(false));
    });
    if (open) return;
    if (gaveUp() || waited > 10_000) throw new Error('no listener');
    await sleep(50);
  }
}
