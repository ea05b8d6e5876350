/** When the admin last called the API: the idle timeout counts from it (SessionTimeoutWarning). */
export interface ActivityClock {
  /** Epoch milliseconds of the last call from any of the console's tabs. */
  last(): number;
  note(path: string): void;
}

/** Shared by the console's tabs, so that one tab does not sign out an admin busy in another. */
const STORAGE_KEY = 'ap-last-activity';

/** A record page's presence heartbeat is sent on a timer: the server does not count it as use either (server/lib/sessions.ts). */
const isBackground = (path: string) => path.startsWith('/presence');

type Shared = Pick<Storage, 'getItem' | 'setItem'>;

const sharedStorage = (): Shared | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

/** `shared: null` keeps the clock to this tab (tests). */
export function createActivityClock(now: () => number = Date.now, shared: Shared | null = sharedStorage()): ActivityClock {
  let last = now();
  return {
    last: () => Math.max(last, Number(shared?.getItem(STORAGE_KEY)) || 0),
    note(path) {
      if (isBackground(path)) return;
      last = now();
      shared?.setItem(STORAGE_KEY, String(last));
    },
  };
}
