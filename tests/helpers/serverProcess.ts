import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';

/**
 * node's options for the server, as package.json's `serve` (run by `npm start`) passes them (a 128 MB old generation
 * keeps PGlite's server under 300 MiB under load, docs/benchmarks.md): for the tests and benches
 * that start the bundle with node itself, so that the process they watch and signal is the server.
 */
export const SERVER_NODE_OPTIONS = ['--enable-source-maps', '--max-old-space-size=128'];
/**
 * The environment `serve` sets before node starts (glibc reads it once, at start): allocations of 128 KiB and more
 * are mapped on their own and given back when freed. glibc's default raises that bound as large blocks are freed, and
 * the messages to and from PGlite's thread then stayed in its heaps (docs/benchmarks.md, Load: 40 MiB of peak RSS under load).
 */
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' } as const;
/** The server's bundle (scripts/build-server.mjs; the server tests' global setup builds it, tests/helpers/serverBundle.ts). */
export const SERVER_BUNDLE = 'dist-server/server.mjs';
export const SERVER_COMMAND = [...SERVER_NODE_OPTIONS, SERVER_BUNDLE];

/** The real server as its own process, its output collected. */
export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

export function startServerProcess(env: NodeJS.ProcessEnv): ServerProcess {
  // The run's database settings name no database of the test's: each test gives its own.
  const { DATABASE_URL: _url, DATABASE_POOLER: _pooler, DATABASE_DIRECT_URL: _direct, ...inherited } = process.env;
  const child = spawn(process.execPath, SERVER_COMMAND, {
    env: { ...inherited, ...SERVER_ENV, NODE_ENV: 'test', SEED_DEMO: 'false', CONSOLE_DIR: './no-console-in-tests', ...env },
  });
  let [stdout, stderr] = ['', ''];
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** One call on a connection of its own (closed after), so that the cluster hands each call out afresh. */
export function callOnNewConnection(
  port: number,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; body: string }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: { connection: 'close', ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}
