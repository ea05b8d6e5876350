/** requestIdleCallback, else a short timeout where it is missing (Safari); returns the cancel. */
export function whenIdle(task: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

/**
 * One task per idle period, each after the one before has settled, so that fetching ahead makes no long task nor a
 * burst of requests on a slow network; a failed task does not stop the next. Returns the cancel.
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
