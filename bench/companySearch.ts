/**
 * npm run bench: seeds 100 000 companies into a throw-away database and reports the median and p95
 * latency of POST /company/search (through the whole Fastify app, validation included) for five
 * searches, and the process's memory after them. PGlite always; PostgreSQL too when DATABASE_URL names a server.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openThrowawayDatabase } from '../server/db/throwaway';
import { admins, companies } from '../server/db/schema';
import { newId } from '../server/lib/ids';
import { createSession } from '../server/lib/sessions';
import { fictionalCompany } from '../server/seed/frenchCompanies';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 100_000);
const WARMUP = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BATCH = 1000;

const scenarios: Array<{ name: string; body: Record<string, unknown> }> = [
  { name: 'no criteria', body: {} },
  { name: 'text search', body: { search: 'lumi' } },
  { name: 'domain + sub-domain', body: { activity_domain: 'Mobilier', sub_activity_domain: 'Rangement' } },
  { name: 'sort by balance', body: { sort: { credit_balance: 1 } } },
  { name: 'page 500', body: { offset: 4990 } },
];

async function seed(db: Awaited<ReturnType<typeof openThrowawayDatabase>>['db']) {
  const start = Date.now();
  for (let offset = 0; offset < COMPANIES; offset += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, COMPANIES - offset) }, (_, index) => {
      const n = offset + index;
      return {
        id: newId(),
        ...fictionalCompany(n),
        creditBalance: ((n * 7919) % 10_000) - 2000,
        createdAt: new Date(Date.UTC(2020, 0, 1) + n * 60_000),
      };
    });
    await db.insert(companies).values(rows);
  }
  // The steady state autovacuum keeps a live table in: visibility map set, statistics fresh.
  await db.execute(sql`VACUUM ANALYZE companies`);
  return Date.now() - start;
}

const mebibytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function run(label: string, serverUrl: string | undefined) {
  const database = await openThrowawayDatabase(serverUrl);
  try {
    const seedMs = await seed(database.db);
    const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: ':memory:', LOG_LEVEL: 'silent' }), consoleDir: './no-console' };
    const app = await buildApp(config, { database, logger: false });
    const adminId = newId();
    await database.db.insert(admins).values({ id: adminId, name: 'Bench', email: 'bench@example.com' });
    const token = await createSession(database.db, adminId, 1);
    console.log(`\n${label}: ${COMPANIES} companies seeded in ${(seedMs / 1000).toFixed(1)} s; ${RUNS} runs each`);
    console.log('| search | median ms | p95 ms | rows | total |');
    console.log('|---|---|---|---|---|');
    for (const scenario of scenarios) {
      const call = () => app.inject({ method: 'POST', url: '/api/company/search', headers: { authorization: `JWT ${token}` }, payload: scenario.body });
      for (let index = 0; index < WARMUP; index += 1) await call();
      const timings: number[] = [];
      let last = { data: [] as unknown[], total: 0 };
      for (let index = 0; index < RUNS; index += 1) {
        const started = performance.now();
        const response = await call();
        timings.push(performance.now() - started);
        last = response.json();
      }
      timings.sort((a, b) => a - b);
      console.log(`| ${scenario.name} | ${percentile(timings, 50).toFixed(2)} | ${percentile(timings, 95).toFixed(2)} | ${last.data.length} | ${last.total} |`);
    }
    const memory = process.memoryUsage();
    // PGlite runs inside this process, so its database pages count here; PostgreSQL's do not.
    console.log(`memory after the runs: rss ${mebibytes(memory.rss)} MiB, JS heap ${mebibytes(memory.heapUsed)} MiB`);
    await app.close();
  } finally {
    await database.close();
  }
}

await run('PGlite (embedded, in memory)', undefined);
if (process.env.DATABASE_URL) await run('PostgreSQL', process.env.DATABASE_URL);
