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
