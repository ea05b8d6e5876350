/**
 * "Since your last visit", kept in the browser per admin: each opening of the dashboard writes its time
 * (localStorage); the first one in a tab reads the one before and keeps it for the tab's life (sessionStorage), so
 * that a figure read in this tab does not vanish on the way back to the dashboard (nor under StrictMode's second run).
 */
const LAST_VISIT = 'dashboard.lastVisit.';
const PREVIOUS_VISIT = 'dashboard.previousVisit.';

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the next visit counts from the server's default.
  }
}

/** This visit's "last visit" (undefined on the first ever), and now as the next one's. */
export function previousVisit(adminId: string, now = new Date()): string | undefined {
  let previous = read(window.sessionStorage, PREVIOUS_VISIT + adminId);
  if (previous === null) {
    previous = read(window.localStorage, LAST_VISIT + adminId) ?? '';
    write(window.sessionStorage, PREVIOUS_VISIT + adminId, previous);
  }
  write(window.localStorage, LAST_VISIT + adminId, now.toISOString());
  return previous === '' ? undefined : previous;
}
