/**
 * npm run bench:load: the real server, started as its own process with the demo data, under 50 concurrent
 * connections for BENCH_SECONDS (15 by default) with a mix of what administrators do: list searches,
 * record reads and updates. Prints req/s, latency percentiles, errors and the server's RSS at the end.
 * PGlite always; PostgreSQL too when DATABASE_URL names a server (a throw-away database, dropped after).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_CREDENTIALS } from '../server/seed/demoAdmins';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PORT = 3900;
const base = `http://127.0.0.1:${PORT}/api`;

async function waitForHealth(server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (server.exitCode !== null) throw new Error('the server exited before answering');
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer /api/health in 60 s');
}

const rssMiB = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function call<Body>(token: string, method: string, path: string, body?: unknown): Promise<Body> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Body;
}

async function run(label: string, env: NodeJS.ProcessEnv): Promise<void> {
  // One Node process, no watcher: `node --import tsx`, so that its pid is the server's.
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    ...env,
  };
  // Without a DATABASE_URL of its own the server runs on PGlite in DATA_DIR.
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], { env: childEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitForHealth(server);
    const signIn = await fetch(`${base}/admin/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_CREDENTIALS),
    });
    const { token } = (await signIn.json()) as { token: string };
    const companies = await call<{ data: Array<{ _id: string }> }>(token, 'POST', '/company/search', {});
    const offers = await call<{ data: Array<{ _id: string; title: string }> }>(token, 'POST', '/offer/search', {});
    const company = companies.data[0]?._id;
    const offer = offers.data[0];
    if (!company || !offer) throw new Error('the demo data has no company or offer');
    const headers = { 'content-type': 'application/json', authorization: `JWT ${token}` };
    const post = (path: string, body: unknown) => ({ method: 'POST' as const, path: `/api${path}`, headers, body: JSON.stringify(body) });
    // Per connection, in turn: six searches, three reads, one update (an admin browses more than they write).
    const requests = [
      post('/company/search', {}),
      post('/company/search', { search: 'lu' }),
      post('/user/search', {}),
      post('/offer/search', { sort: { title: 1 } }),
      post('/need/search', { emergency: 'Maintenant' }),
      post('/audit/search', {}),
      { method: 'GET' as const, path: `/api/company/${company}`, headers },
      { method: 'GET' as const, path: `/api/offer/${offer._id}`, headers },
      { method: 'GET' as const, path: '/api/dashboard', headers },
      { method: 'PUT' as const, path: `/api/offer/${offer._id}`, headers, body: JSON.stringify({ title: offer.title }) },
    ];
    const result = await autocannon({ url: `http://127.0.0.1:${PORT}`, connections: CONNECTIONS, duration: SECONDS, requests });
    const rss = server.pid ? rssMiB(server.pid) : 0;
    const errors = result.errors + result.timeouts + result.non2xx;
    console.log(
      `| ${label} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p90} | ${result.latency.p97_5} | ${result.latency.p99} | ${errors} | ${rss.toFixed(0)} |`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

async function main(): Promise<void> {
  console.log(`${CONNECTIONS} connections, ${SECONDS} s each, one server process, demo data`);
  // autocannon's histogram gives p90 and p97.5, not p95.
  console.log('| database | req/s | p50 ms | p90 ms | p97.5 ms | p99 ms | errors (incl. non-2xx) | server RSS MiB |');
  console.log('|---|---|---|---|---|---|---|---|');
  const dataDir = mkdtempSync(join(tmpdir(), 'ap-bench-load-'));
  try {
    await run('PGlite', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return;
  const name = `bench_load_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await run('PostgreSQL', { DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
