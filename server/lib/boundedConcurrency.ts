import pLimit from 'p-limit';
import { RateLimitedError } from './errors';

export interface BoundedConcurrency {
  <Result>(task: () => Promise<Result>): Promise<Result>;
  readonly active: number;
  readonly waiting: number;
}

/** Beyond `maxWaiting` queued, a task is refused at once (429, `Retry-After`) rather than queued without end. */
export function boundedConcurrency(slots: number, maxWaiting: number, retryAfterSeconds: number): BoundedConcurrency {
  const limit = pLimit(slots);
  const run = <Result>(task: () => Promise<Result>): Promise<Result> =>
    limit.pendingCount >= maxWaiting ? Promise.reject(new RateLimitedError(retryAfterSeconds)) : limit(task);
  return Object.defineProperties(run, {
    active: { get: () => limit.activeCount },
    waiting: { get: () => limit.pendingCount },
  }) as BoundedConcurrency;
}
