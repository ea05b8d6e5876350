/**
 * npm run bench:load: the real server, started as its own process(es) as in production (NODE_ENV=production,
 * so answers are not checked against their schemas; JSON log at LOG_LEVEL, default info, to /dev/null), under
 * 50 concurrent connections for BENCH_SECONDS (15 by default) with a mix of what administrators do: list
 * searches, record reads and updates. The demo data is seeded by the bench beforehand (production refuses
 * SEED_DEMO). Prints req/s, latency percentiles (p95 from every response time), errors and the server's RSS
 * (all its processes, at the end and at the peak).
 * PGlite always (one process); PostgreSQL too when DATABASE_URL names a server (a throw-away database,
 * dropped after), with WORKERS processes (default 1; a comma list, e.g. WORKERS=1,2, runs each).
 * With PgBouncer installed (tests/helpers/pgbouncer.ts), the same PostgreSQL runs again behind it in transaction mode
 * (DATABASE_POOLER=transaction): direct and pooled side by side in one run (docs/operations.md, "Deploying").
 * BENCH_ONLY=0,3 keeps only those requests of the mix (by index), to cost one route alone. The updates go round the
 * first page's offers; BENCH_HOT_ROW=1 sends them all to one offer.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../server/db/client';
import { openThrowawayDatabase } from '../server/db/throwaway';
import { DEMO_CREDENTIALS } from '../server/seed/demoAdmins';
import { seedDemoData } from '../server/seed/seed';
import { rssMiB, startServer } from './serverProcess';
import { databaseFileStore } from '../server/lib/fileStore';
import { PGBOUNCER, startPgBouncer } from '../tests/helpers/pgbouncer';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WORKER_COUNTS = (process.env.WORKERS ?? '1').split(',').map(Number);
/** Extra node flags for the server, e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it. */
const SERVER_NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const PORT = 3900;
const base = `http://127.0.0.1:${PORT}/api`;

/** The process and its descendants (cluster workers). */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/pid/stat, after the command name in parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index += 1) for (const [pid, parent] of parents) if (parent === tree[index]) tree.push(pid);
  return tree;
}

const treeRssMiB = (root: number): number => processTree(root).reduce((sum, pid) => sum + rssMiB(pid), 0);

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of the whole line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const cpuOf = (pids: number[]): Map<number, number> => new Map(pids.map((pid) => [pid, cpuSeconds(pid)]));

/** CPU seconds used between two readings, processes that appeared meanwhile included. */
const cpuUsed = (before: Map<number, number>, after: Map<number, number>): number =>
  [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0);

/** The PostgreSQL backends serving `database` (their process title names it). */
function backendsOf(database: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${database} `)) found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** The value below which `share` of the sorted values lie (nearest rank). */
const percentile = (sorted: number[], share: number): number => sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0;

async function call<Body>(token: string, method: string, path: string, body?: unknown): Promise<Body> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Body;
}

/** Seeds the demo data set into the database the server will open, then closes it (a PGlite folder has one owner). */
async function seed(env: ServerEnv): Promise<void> {
  // Behind a pooler, seeded on the database itself.
  const database = await openDatabase({ databaseUrl: env.DATABASE_DIRECT_URL ?? env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await seedDemoData(database.db, databaseFileStore(database.db), { product: 'credit', consoleUrl: `http://127.0.0.1:${PORT}` });
  } finally {
    await database.close();
  }
}

interface ServerEnv {
  DATABASE_URL?: string;
  DATABASE_POOLER?: 'transaction';
  DATABASE_DIRECT_URL?: string;
  DATA_DIR: string;
  UPLOAD_DIR: string;
}

async function run(label: string, workers: number, env: ServerEnv): Promise<void> {
  const database = env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : undefined;
  await seed(env);
  // Without a DATABASE_URL of its own the server runs on PGlite in DATA_DIR.
  const started = await startServer(
    PORT,
    // The demo owner has no second factor, which production requires of owners by default: the bench measures searches.
    { NODE_ENV: 'production', MFA_REQUIRED_ROLES: '', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', WORKERS: String(workers), ...env },
    SERVER_NODE_ARGS,
  );
  const server = started.process;
  try {
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
    // The updates go round the first page's offers, as administrators each editing a record of their own would; with
    // BENCH_HOT_ROW=1 every one updates the same offer, so that they queue on its row lock (the worst case).
    const updated = process.env.BENCH_HOT_ROW === '1' ? [offer] : offers.data;
    let nextUpdate = 0;
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
      {
        method: 'PUT' as const,
        path: `/api/offer/${offer._id}`,
        headers,
        setupRequest: (request: autocannon.Request) => {
          const target = updated[nextUpdate++ % updated.length] ?? offer;
          return { ...request, path: `/api/offer/${target._id}`, body: JSON.stringify({ title: target.title }) };
        },
      },
    ];
    const serverCpu = () => (server.pid ? cpuOf(processTree(server.pid)) : new Map<number, number>());
    const databaseCpu = () => (database ? cpuOf(backendsOf(database)) : new Map<number, number>());
    const [serverBefore, databaseBefore] = [serverCpu(), databaseCpu()];
    // The load generator (autocannon, in this process) shares the machine's cores with the server and PostgreSQL.
    const generatorBefore = process.cpuUsage();
    const only = process.env.BENCH_ONLY;
    const chosen = only ? requests.filter((_request, index) => only.split(',').map(Number).includes(index)) : requests;
    const times: number[] = [];
    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.pid ? treeRssMiB(server.pid) : 0)), 1000);
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon({ url: `http://127.0.0.1:${PORT}`, connections: CONNECTIONS, duration: SECONDS, requests: chosen }, (error, done) =>
        error ? reject(error) : resolve(done),
      );
      instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
    });
    clearInterval(sampler);
    const [serverAfter, databaseAfter] = [serverCpu(), databaseCpu()];
    const generatorUsage = process.cpuUsage(generatorBefore);
    const rss = server.pid ? treeRssMiB(server.pid) : 0;
    peakRss = Math.max(peakRss, rss);
    times.sort((a, b) => a - b);
    const errors = result.errors + result.timeouts + result.non2xx;
    const ms = (share: number) => percentile(times, share).toFixed(0);
    const perRequest = (seconds: number) => (times.length ? ((seconds * 1000) / times.length).toFixed(2) : '–');
    const cpu = `${perRequest(cpuUsed(serverBefore, serverAfter))}${database ? ` + ${perRequest(cpuUsed(databaseBefore, databaseAfter))}` : ''}`;
    const generatorCpu = perRequest((generatorUsage.user + generatorUsage.system) / 1e6);
    console.log(
      `| ${label} | ${workers} | ${result.requests.average.toFixed(0)} | ${ms(0.5)} | ${ms(0.95)} | ${ms(0.99)} | ${errors} | ${rss.toFixed(0)} | ${peakRss.toFixed(0)} | ${cpu} | ${generatorCpu} |`,
    );
  } finally {
    await started.stop();
  }
}

async function main(): Promise<void> {
  console.log(`${CONNECTIONS} connections, ${SECONDS} s each, NODE_ENV=production, demo data`);
  console.log(
    '| database | processes | req/s | p50 ms | p95 ms | p99 ms | errors (incl. non-2xx) | server RSS MiB, end | peak | CPU ms per request: server (+ PostgreSQL) | load generator |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const scratch = mkdtempSync(join(tmpdir(), 'ap-bench-load-'));
  try {
    await run('PGlite', 1, { DATA_DIR: join(scratch, 'data'), UPLOAD_DIR: join(scratch, 'uploads') });
    const serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) return;
    for (const workers of WORKER_COUNTS) {
      // A fresh database each run, dropped after (waiting for backends that are still leaving).
      const database = await openThrowawayDatabase(serverUrl);
      try {
        await run('PostgreSQL', workers, { DATABASE_URL: database.url, DATA_DIR: join(scratch, 'unused'), UPLOAD_DIR: join(scratch, 'uploads') });
      } finally {
        await database.close();
      }
    }
    if (!existsSync(PGBOUNCER)) return console.log(`(no PgBouncer at ${PGBOUNCER}: the pooled row is not measured)`);
    const pooler = await startPgBouncer(serverUrl, { poolSize: 10 });
    try {
      const database = await openThrowawayDatabase(pooler.urlFor('postgres'), undefined, { directServerUrl: serverUrl });
      try {
        await run('PostgreSQL via PgBouncer (transaction)', WORKER_COUNTS[0] ?? 1, {
          DATABASE_URL: database.url,
          DATABASE_POOLER: 'transaction',
          DATABASE_DIRECT_URL: database.pooling?.databaseDirectUrl,
          DATA_DIR: join(scratch, 'unused'),
          UPLOAD_DIR: join(scratch, 'uploads'),
        });
      } finally {
        await database.close();
      }
    } finally {
      await pooler.stop();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
