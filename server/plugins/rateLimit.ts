import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { AppError } from '../lib/errors';

/**
 * Counts one hit against each key in a fixed window kept in the database, so that every server
 * process shares the count; refuses with RATE_LIMITED once any key is over its limit.
 */
export async function consumeRateLimit(
  db: Database,
  limits: Array<{ key: string; max: number }>,
  windowSeconds: number,
): Promise<void> {
  for (const { key, max } of limits) {
    // Both drivers (PGlite, node-postgres) answer raw SQL with `{ rows }`.
    const result = (await db.execute(sql`
      INSERT INTO rate_limits (key, window_started_at, hits) VALUES (${key}, now(), 1)
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN rate_limits.window_started_at < now() - make_interval(secs => ${windowSeconds})
                    THEN 1 ELSE rate_limits.hits + 1 END,
        window_started_at = CASE WHEN rate_limits.window_started_at < now() - make_interval(secs => ${windowSeconds})
                    THEN now() ELSE rate_limits.window_started_at END
      RETURNING hits`)) as unknown as { rows: Array<{ hits: number | string }> };
    const hits = Number(result.rows[0]?.hits ?? 0);
    if (hits > max) throw new AppError(429, 'RATE_LIMITED');
  }
}
