import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { RateLimitedError } from './errors';

export interface RateLimit {
  key: string;
  max: number;
}

type CounterRows = { rows: Array<{ hits: number | string; retry_after: number | string }> };

/** A fixed window kept in the database, so that every server process shares the count; a finished window restarts at 1. */
async function countHit(db: Database, key: string, windowSeconds: number) {
  const result = (await db.execute(sql`
    INSERT INTO rate_limits (key, window_started_at, hits) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.window_started_at < now() - make_interval(secs => ${windowSeconds})
                  THEN 1 ELSE rate_limits.hits + 1 END,
      window_started_at = CASE WHEN rate_limits.window_started_at < now() - make_interval(secs => ${windowSeconds})
                  THEN now() ELSE rate_limits.window_started_at END
    RETURNING hits, ceil(extract(epoch FROM window_started_at + make_interval(secs => ${windowSeconds}) - now())) AS retry_after`)) as unknown as CounterRows;
  const row = result.rows[0];
  return { hits: Number(row?.hits ?? 0), retryAfter: Math.max(1, Number(row?.retry_after ?? windowSeconds)) };
}

/** Refuses with 429 and the wait once any key is over its limit. */
export async function consumeRateLimit(db: Database, limits: RateLimit[], windowSeconds: number): Promise<void> {
  for (const { key, max } of limits) {
    const { hits, retryAfter } = await countHit(db, key, windowSeconds);
    if (hits > max) throw new RateLimitedError(retryAfter);
  }
}

/** Counts the hit but never refuses. */
export async function underRateLimit(db: Database, limit: RateLimit, windowSeconds: number): Promise<boolean> {
  return (await countHit(db, limit.key, windowSeconds)).hits <= limit.max;
}

/** Failure throttling (sign-in): refuses without counting this attempt; only `recordFailures` counts. */
export async function assertFailuresUnderLimit(db: Database, limits: RateLimit[], windowSeconds: number): Promise<void> {
  if (!limits.length) return;
  const result = (await db.execute(sql`
    SELECT key, hits, ceil(extract(epoch FROM window_started_at + make_interval(secs => ${windowSeconds}) - now())) AS retry_after
    FROM rate_limits
    WHERE key IN (${sql.join(
      limits.map((limit) => sql`${limit.key}`),
      sql`, `,
    )})
      AND window_started_at >= now() - make_interval(secs => ${windowSeconds})`)) as unknown as {
    rows: Array<{ key: string; hits: number | string; retry_after: number | string }>;
  };
  for (const row of result.rows) {
    const limit = limits.find((candidate) => candidate.key === row.key);
    if (limit && Number(row.hits) >= limit.max) throw new RateLimitedError(Math.max(1, Number(row.retry_after)));
  }
}

export async function recordFailures(db: Database, keys: string[], windowSeconds: number): Promise<void> {
  for (const key of keys) await countHit(db, key, windowSeconds);
}

export async function clearFailures(db: Database, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}
