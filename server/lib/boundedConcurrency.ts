import pLimit from 'p-limit';
import { RateLimitedError } from './errors';

export interface BoundedConcurrency {
  <Result>(task: () => Promise<Result>): Promise<Result>;
  readonly active: number;
  readonly waiting: number;
}

/**
 * Runs at most `slots` tasks at once with at most `maxWaiting` queued; a task beyond that is refused
 * at once with 429 and `Retry-After`, rather than queued without end.
 */
export function boundedConcurrency(slots: number, maxWaiting: number, retryAfterSeconds: number): BoundedConcurrency {
  const limit = pLimit(slots);
  const run = <Result>(task: () => Promise<Result>): Promise<Result> =>
    limit.pendingCount >= maxWaiting ? Promise.reject(new RateLimitedError(retryAfterSeconds)) : limit(task);
  return Object.defineProperties(run, {
    active: { get: () => limit.activeCount },
    waiting: { get: () => limit.pendingCount },
  }) as BoundedConcurrency;
}
