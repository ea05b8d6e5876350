import { SEARCH_NAMES, type SearchName } from './shapes';

const DATABASES = ['pglite', 'postgres'] as const;
export type DatabaseName = (typeof DATABASES)[number];

function listOption<Name extends string>(variable: string, allowed: readonly Name[]): Name[] {
  const value = process.env[variable];
  if (!value) return [...allowed];
  const names = value.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !allowed.includes(name as Name));
  if (unknown.length) throw new Error(`${variable}: unknown ${unknown.join(', ')} (one of ${allowed.join(', ')})`);
  return names as Name[];
}

/** The bench's settings, from the environment (see docs/benchmarks.md, Searches). */
export function benchOptions() {
  // BENCH_COMPANIES is the older name, from when only companies were searched.
  const rows = Number(process.env.BENCH_ROWS ?? process.env.BENCH_COMPANIES ?? 100_000);
  if (!Number.isInteger(rows) || rows < 1000) throw new Error('BENCH_ROWS: a whole number of rows, at least 1 000');
  const databases = listOption('BENCH_DATABASES', DATABASES).filter((name) => name === 'pglite' || process.env.DATABASE_URL);
  return {
    rows,
    searches: listOption<SearchName>('BENCH_ONLY', SEARCH_NAMES),
    databases,
    measure: {
      warmup: 20,
      runs: Number(process.env.BENCH_RUNS ?? 200),
      secondsPerShape: Number(process.env.BENCH_SHAPE_SECONDS ?? 5),
      minimumRuns: 10,
    },
  };
}
