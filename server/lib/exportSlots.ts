import { RateLimitedError } from './errors';

/**
 * How many exports one process streams at once. On PostgreSQL each holds a pool connection (of 10) in
 * its cursor's transaction until the client has read the whole file: the cap leaves the rest of the pool
 * to the console's other calls.
 */
export const MAX_CONCURRENT_EXPORTS = 4;
/** What a refused export is told to wait: a large export takes seconds, not minutes. */
const RETRY_AFTER_SECONDS = 5;

export interface ExportSlots {
  /** Takes a slot, or refuses with 429 RATE_LIMITED and Retry-After; the returned release may be called more than once. */
  take(): () => void;
  readonly active: number;
}

export function exportSlots(max: number = MAX_CONCURRENT_EXPORTS): ExportSlots {
  let active = 0;
  return {
    take() {
      if (active >= max) throw new RateLimitedError(RETRY_AFTER_SECONDS);
      active += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        active -= 1;
      };
    },
    get active() {
      return active;
    },
  };
}
