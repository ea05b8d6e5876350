import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { SERVER_BUNDLE, SERVER_ENV, SERVER_NODE_OPTIONS } from '../tests/helpers/serverProcess';

export interface ServerProcess {
  process: ChildProcess;
  /** e.g. `http://127.0.0.1:3900` */
  origin: string;
  stop(): Promise<void>;
}

async function waitForHealth(server: ChildProcess, origin: string): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (server.exitCode !== null) throw new Error('the server exited before answering');
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer /api/health in 60 s');
}

let bundled = false;

/**
 * The real server as its own process, as `npm start` runs it (the bundle of scripts/build-server.mjs, made once per
 * bench run; node directly, no npm, so that its pid is the server's), answering on 127.0.0.1:`port` once /api/health
 * does. Without a DATABASE_URL in `env` it runs on PGlite. `nodeArgs` go to node, e.g. `--cpu-prof`.
 */
export async function startServer(port: number, env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<ServerProcess> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...SERVER_ENV, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  if (!bundled) execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  bundled = true;
  const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, ...nodeArgs, SERVER_BUNDLE], {
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode !== null) return;
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  };
  try {
    await waitForHealth(server, origin);
  } catch (error) {
    await stop();
    throw error;
  }
  return { process: server, origin, stop };
}

/** A process's resident memory (VmRSS) in MiB; 0 once it is gone. */
export function rssMiB(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}
