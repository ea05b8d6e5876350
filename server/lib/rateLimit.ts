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

/** A try that holds one slot of each of its limits: a failure, counted, unless `giveBack` returns the slots. */
export interface FailureAttempt {
  /** Whether this try took the last slot of `key`: its failure locks the key for the rest of the window. */
  tookLast(key: string): boolean;
  /** The try succeeded (successes never count) or was never judged: its slots are returned, and the counts of `reset` cleared. */
  giveBack(db: Database, reset?: string[]): Promise<void>;
  /** Runs the judgement: one that throws (the hashing queue full, an outage) judged nothing, and its slots are returned. */
  judge<T>(db: Database, judgement: () => Promise<T>): Promise<T>;
}

interface Slot extends RateLimit {
  hits: number;
  window: string;
}

/**
 * Takes a slot of `key` in the statement that judges it, so that parallel tries cannot all read the same count: the
 * row is locked by the upsert, and a full window is left unchanged (no row returned) instead of counting one more.
 */
async function takeSlot(db: Database, { key, max }: RateLimit, windowSeconds: number): Promise<Slot | undefined> {
  const finished = sql`rate_limits.window_started_at < now() - make_interval(secs => ${windowSeconds})`;
  const result = (await db.execute(sql`
    INSERT INTO rate_limits (key, window_started_at, hits) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN ${finished} THEN 1 ELSE rate_limits.hits + 1 END,
      window_started_at = CASE WHEN ${finished} THEN now() ELSE rate_limits.window_started_at END
    WHERE ${finished} OR rate_limits.hits < ${max}
    RETURNING hits, window_started_at::text AS window`)) as unknown as { rows: Array<{ hits: number | string; window: string }> };
  const row = result.rows[0];
  return row ? { key, max, hits: Number(row.hits), window: row.window } : undefined;
}

async function secondsLeft(db: Database, key: string, windowSeconds: number): Promise<number> {
  const result = (await db.execute(sql`
    SELECT ceil(extract(epoch FROM window_started_at + make_interval(secs => ${windowSeconds}) - now())) AS retry_after
    FROM rate_limits WHERE key = ${key}`)) as unknown as { rows: Array<{ retry_after: number | string }> };
  return Math.max(1, Number(result.rows[0]?.retry_after ?? windowSeconds));
}

/** Only within the window it was taken in: a window restarted since holds no slot of this try. */
async function returnSlots(db: Database, slots: Slot[]): Promise<void> {
  for (const { key, window } of slots)
    await db.execute(sql`UPDATE rate_limits SET hits = hits - 1 WHERE key = ${key} AND window_started_at = ${window}::timestamptz AND hits > 0`);
}

/**
 * Failure throttling (sign-in, second factor, re-authentication): each try takes a slot of every limit before it is
 * judged, so N parallel tries get at most the allowance judged; a full limit refuses with 429 and the wait, the slots
 * already taken returned. A failure keeps its slots; a success gives them back (`FailureAttempt.giveBack`).
 */
export async function takeFailureSlots(db: Database, limits: RateLimit[], windowSeconds: number): Promise<FailureAttempt> {
  const slots: Slot[] = [];
  for (const limit of limits) {
    const slot = await takeSlot(db, limit, windowSeconds);
    if (!slot) {
      await returnSlots(db, slots);
      throw new RateLimitedError(await secondsLeft(db, limit.key, windowSeconds));
    }
    slots.push(slot);
  }
  const attempt: FailureAttempt = {
    tookLast: (key) => slots.some((slot) => slot.key === key && slot.hits >= slot.max),
    async giveBack(tx, reset = []) {
      await returnSlots(
        tx,
        slots.filter((slot) => !reset.includes(slot.key)),
      );
      if (reset.length) await tx.delete(rateLimits).where(inArray(rateLimits.key, reset));
    },
    async judge(tx, judgement) {
      try {
        return await judgement();
      } catch (error) {
        await attempt.giveBack(tx);
        throw error;
      }
    },
  };
  return attempt;
}
