/**
 * npm run bench: seeds BENCH_ROWS rows (100 000 by default) into each table the searches read, in a throw-away
 * database, and reports the median and p95 latency of every search (admins, users, companies, offers, needs,
 * rooms, category images, audit trail) in each of its shapes — no criteria, text, each filter, each sort, deep
 * pages — through the whole Fastify app. PGlite always, PostgreSQL too when DATABASE_URL names a server;
 * BENCH_DATABASES=postgres (or pglite) runs one, BENCH_ONLY=companies,users a few searches.
 */
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openThrowawayDatabase } from '../server/db/throwaway';
import { admins } from '../server/db/schema';
import { newId } from '../server/lib/ids';
import { createSession } from '../server/lib/sessions';
import { measureShape } from './searchBench/measure';
import { benchOptions, type DatabaseName } from './searchBench/options';
import { report, type ShapeResult } from './searchBench/report';
import { seedTables } from './searchBench/seed/seedTables';
import { SEARCHES } from './searchBench/shapes';

const options = benchOptions();
const LABELS: Record<DatabaseName, string> = { pglite: 'PGlite (embedded, in memory)', postgres: 'PostgreSQL' };
const SEEDING_TIMEOUT_MS = 30 * 60_000;
const mebibytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function run(database: DatabaseName) {
  // Seeding a million rows a table runs statements of minutes: past the pool's 30 s statement limit.
  const handle = await openThrowawayDatabase(database === 'postgres' ? process.env.DATABASE_URL : undefined, undefined, undefined, SEEDING_TIMEOUT_MS);
  try {
    const seeded = await seedTables(handle.db, options.rows, options.searches);
    const seedLine = [...seeded].map(([table, seconds]) => `${table} ${seconds.toFixed(1)} s`).join(', ');
    // EXACT_COUNT_LIMIT from the environment, to compare bounds. As in production: answers are not checked against their schemas.
    const { EXACT_COUNT_LIMIT } = process.env;
    const environment = { NODE_ENV: 'production', DATA_DIR: ':memory:', LOG_LEVEL: 'silent', ...(EXACT_COUNT_LIMIT ? { EXACT_COUNT_LIMIT } : {}) };
    // The bench's admin is an owner, whose role every search is open to, without a second factor: none is asked here.
    const config = { ...loadConfig(environment), consoleDir: './no-console', mfaRequiredRoles: [] };
    const app = await buildApp(config, { database: handle, logger: false });
    const adminId = newId();
    await handle.db.insert(admins).values({ id: adminId, name: 'Bench', email: 'bench@example.com', role: 'owner' });
    const token = await createSession(handle.db, adminId, 1);
    console.log(`\n### ${LABELS[database]}, ${options.rows} rows a table\n\nseeded in: ${seedLine}\n`);
    const results: ShapeResult[] = [];
    for (const search of SEARCHES.filter(({ name }) => options.searches.includes(name))) {
      const shapes = await search.shapes({ db: handle.db, rows: options.rows, balanceField: `${config.product}_balance` });
      for (const shape of shapes) {
        const timing = await measureShape(app, token, search.url, shape, options.measure);
        results.push({ search: search.name, shape: shape.name, ...timing });
      }
    }
    report(database, options.rows, results);
    const memory = process.memoryUsage();
    // PGlite runs inside this process, so its database pages count here; PostgreSQL's do not.
    console.log(`memory after the runs: rss ${mebibytes(memory.rss)} MiB, JS heap ${mebibytes(memory.heapUsed)} MiB`);
    await app.close();
  } finally {
    await handle.close();
  }
}

for (const database of options.databases) await run(database);
