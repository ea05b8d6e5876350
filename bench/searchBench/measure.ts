import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Shape } from './shapes';

export interface Timing {
  p50: number;
  p95: number;
  runs: number;
  /** Rows on the page and the total of the last answer. */
  rows: number;
  total: number | undefined;
}

export interface MeasureOptions {
  warmup: number;
  runs: number;
  /** A slow shape stops after this long (but never before `minimumRuns`), so that one search cannot hold the run for minutes. */
  secondsPerShape: number;
  minimumRuns: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Times one search shape through the whole app (routing, session, validation, queries, serialisation). */
export async function measureShape(app: FastifyInstance, token: string, url: string, shape: Shape, options: MeasureOptions): Promise<Timing> {
  // Only the server's side is timed: the answer is parsed (as a client would) after the clock stops.
  const call = async () => {
    const headers = { authorization: `JWT ${token}` };
    const response = await app.inject(shape.body ? { method: 'POST', url, headers, payload: shape.body } : { method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`${url} ${JSON.stringify(shape.body)} answered ${response.statusCode}: ${response.body}`);
    return response;
  };
  const parsed = (response: Awaited<ReturnType<typeof call>>) => response.json<{ data?: unknown; rooms?: unknown; total?: number }>();
  const started = performance.now();
  for (let index = 0; index < options.warmup && performance.now() - started < options.secondsPerShape * 250; index += 1) await call();
  const timings: number[] = [];
  let last = await call();
  const timed = performance.now();
  while (timings.length < options.runs && (timings.length < options.minimumRuns || performance.now() - timed < options.secondsPerShape * 1000)) {
    const before = performance.now();
    last = await call();
    timings.push(performance.now() - before);
  }
  timings.sort((a, b) => a - b);
  const answer = parsed(last);
  return {
    p50: percentile(timings, 50),
    p95: percentile(timings, 95),
    runs: timings.length,
    rows: [answer.data, answer.rooms].find(Array.isArray)?.length ?? 1,
    total: answer.total,
  };
}
