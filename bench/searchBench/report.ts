import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Timing } from './measure';

/** Issue 11's aim: every p95 at most 20 ms, and at most twice its figure at 10 000 rows. */
export const AIM_P95_MS = 20;
const BASELINE_ROWS = 10_000;
const RESULTS_DIR = '.bench-results';

export interface ShapeResult extends Timing {
  search: string;
  shape: string;
}

const key = (result: { search: string; shape: string }) => `${result.search} / ${result.shape}`;
const resultsFile = (database: string, rows: number) => join(RESULTS_DIR, `searches-${database}-${rows}.json`);

/** The 10 000-row figures of an earlier run on this database, if one was saved. */
function baseline(database: string): Map<string, number> {
  const file = resultsFile(database, BASELINE_ROWS);
  if (!existsSync(file)) return new Map();
  const saved = JSON.parse(readFileSync(file, 'utf8')) as ShapeResult[];
  return new Map(saved.map((result) => [key(result), result.p95]));
}

/** What a p95 misses of the aim, '' when it meets it. */
function missedAim(result: ShapeResult, baselineP95: number | undefined): string {
  const misses: string[] = [];
  if (result.p95 > AIM_P95_MS) misses.push(`> ${AIM_P95_MS} ms`);
  if (baselineP95 !== undefined && result.p95 > 2 * baselineP95 && result.p95 > 2) misses.push(`> 2× ${baselineP95.toFixed(1)} ms at 10 000`);
  return misses.length ? `✗ ${misses.join(', ')}` : '';
}

const format = (ms: number) => ms.toFixed(1);

/** Prints the table of one database's run, and saves it so that a later, larger run can compare with it. */
export function report(database: string, rows: number, results: ShapeResult[]): void {
  const before = rows === BASELINE_ROWS ? new Map<string, number>() : baseline(database);
  console.log('| search | shape | p50 ms | p95 ms | runs | rows | total | aim |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const result of results) {
    const total = result.total === undefined ? '' : String(result.total);
    console.log(
      `| ${result.search} | ${result.shape} | ${format(result.p50)} | ${format(result.p95)} | ${result.runs} | ${result.rows} | ${total} | ${missedAim(result, before.get(key(result)))} |`,
    );
  }
  const missed = results.filter((result) => missedAim(result, before.get(key(result))));
  console.log(
    `${missed.length} of ${results.length} shapes miss the aim${before.size ? '' : ` (p95 ≤ ${AIM_P95_MS} ms; no 10 000-row run saved to compare with)`}.`,
  );
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(resultsFile(database, rows), JSON.stringify(results, null, 1));
}
