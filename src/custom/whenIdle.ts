/**
 * Runs `task` once the browser has nothing better to do (requestIdleCallback, else a short timeout where
 * it is missing, as in Safari); returns the cancel.
 */
export function whenIdle(task: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

/**
 * Runs `tasks` in order, one per idle period, each once the promise of the one before has settled (its code
 * fetched and run), so that fetching ahead never makes one long task of many modules nor fills a slow network
 * with a burst of requests; returns the cancel. A failed task does not stop the next.
 */
export function inIdleTurns(tasks: ReadonlyArray<() => Promise<unknown>>, timeoutMs = 3000): () => void {
  let cancelled = false;
  let cancelTurn: () => void = () => undefined;
  const turn = (index: number) => {
    const task = tasks[index];
    if (cancelled || !task) return;
    cancelTurn = whenIdle(() => {
      void task()
        .catch(() => undefined)
        .then(() => turn(index + 1));
    }, timeoutMs);
  };
  turn(0);
  return () => {
    cancelled = true;
    cancelTurn();
  };
}
