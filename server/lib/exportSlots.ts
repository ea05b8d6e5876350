import { RateLimitedError } from './errors';

/**
 * Per process. On PostgreSQL each export holds a pool connection (of 10) until the client has read the whole file: the
 * cap leaves the rest of the pool to the console's other calls.
 */
export const MAX_CONCURRENT_EXPORTS = 4;
/** A large export takes seconds, not minutes. */
const RETRY_AFTER_SECONDS = 5;

export interface ExportSlots {
  /** Refuses with 429 RATE_LIMITED when full; the returned release may be called more than once. */
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
