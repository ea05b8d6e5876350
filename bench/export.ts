/**
 * npm run bench:export: the CSV export of BENCH_ROWS companies (1 000 000 by default), from the real server
 * started as its own process (NODE_ENV=production), read by a client as fast as it comes. Prints the rows a
 * second, the file's size, the time to the first byte, and the server's RSS before the export and at its peak
 * (sampled every 50 ms while the file streams): a flat RSS is what the cursor buys. PGlite (in DATA_DIR, on
 * disk) always, PostgreSQL too when DATABASE_URL names a server (a throw-away database, dropped after);
 * BENCH_DATABASES=postgres (or pglite) runs one. V8 collects lazily, so the peak RSS grows with the file until the
 * heap's limit: BENCH_NODE_ARGS='--max-old-space-size=64' shows that the export fits in a small fixed heap.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { openThrowawayDatabase } from '../server/db/throwaway';
import { admins } from '../server/db/schema';
import { newId } from '../server/lib/ids';
import { createSession } from '../server/lib/sessions';
import { seedCompanies } from './searchBench/seed/companies';
import { rssMiB, startServer } from './serverProcess';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').filter((name) => name === 'pglite' || process.env.DATABASE_URL);
const PORT = 3901;
const SAMPLE_MS = 50;
/** Extra node flags for the server, e.g. BENCH_NODE_ARGS='--max-old-space-size=64' to show that the export needs no more. */
const SERVER_NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

interface Target {
  label: string;
  env: { DATABASE_URL?: string; DATA_DIR: string; UPLOAD_DIR: string };
}

/** Seeds the companies and a session into the database the server will open, then closes it (a PGlite folder has one owner). */
async function seed({ env }: Target): Promise<{ token: string; seconds: number }> {
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await seedCompanies(database.db, ROWS);
    await database.db.execute(sql`VACUUM ANALYZE companies`);
    const adminId = newId();
    await database.db.insert(admins).values({ id: adminId, name: 'Bench', email: 'bench@example.com' });
    return { token: await createSession(database.db, adminId, 1), seconds: (Date.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}

/** Reads the whole answer as it streams, counting bytes and lines, holding no more than one chunk. */
async function readExport(token: string): Promise<{ status: number; bytes: number; lines: number; firstByteMs: number; totalMs: number }> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${PORT}/api/company/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
    body: JSON.stringify({ sort: { name: 1 } }),
  });
  let firstByteMs = 0;
  let bytes = 0;
  let lines = 0;
  if (!response.body) throw new Error(`no body (status ${response.status})`);
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const chunk = read.value;
    firstByteMs ||= performance.now() - started;
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  return { status: response.status, bytes, lines, firstByteMs, totalMs: performance.now() - started };
}

async function run(target: Target): Promise<void> {
  const { token, seconds } = await seed(target);
  const server = await startServer(PORT, { NODE_ENV: 'production', MFA_REQUIRED_ROLES: '', LOG_LEVEL: 'warn', WORKERS: '1', ...target.env }, SERVER_NODE_ARGS);
  try {
    const pid = server.process.pid ?? 0;
    const before = rssMiB(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), SAMPLE_MS);
    const result = await readExport(token);
    clearInterval(sampler);
    const rows = result.lines - 1;
    if (result.status !== 200 || rows !== ROWS) throw new Error(`expected ${ROWS} rows with status 200, got ${rows} (status ${result.status})`);
    const rate = rows / (result.totalMs / 1000);
    console.log(
      `| ${target.label} | ${ROWS} | ${seconds.toFixed(0)} | ${(result.bytes / 1024 / 1024).toFixed(0)} | ${result.firstByteMs.toFixed(0)} | ${(result.totalMs / 1000).toFixed(1)} | ${rate.toFixed(0)} | ${before.toFixed(0)} | ${peak.toFixed(0)} |`,
    );
  } finally {
    await server.stop();
  }
}

console.log(`CSV export of ${ROWS} companies sorted by name, NODE_ENV=production, one server process, RSS sampled every ${SAMPLE_MS} ms`);
console.log('| database | rows | seeded in s | file MiB | first byte ms | export s | rows/s | server RSS MiB, before | peak |');
console.log('|---|---|---|---|---|---|---|---|---|');
const scratch = mkdtempSync(join(tmpdir(), 'ap-bench-export-'));
try {
  if (DATABASES.includes('pglite')) await run({ label: 'PGlite (on disk)', env: { DATA_DIR: join(scratch, 'data'), UPLOAD_DIR: join(scratch, 'uploads') } });
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl && DATABASES.includes('postgres')) {
    const database = await openThrowawayDatabase(serverUrl);
    try {
      // The throw-away handle stays open only to drop the database after; the server opens its own pool.
      await run({ label: 'PostgreSQL', env: { DATABASE_URL: database.url, DATA_DIR: join(scratch, 'unused'), UPLOAD_DIR: join(scratch, 'uploads') } });
    } finally {
      await database.close();
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
