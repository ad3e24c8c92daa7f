const IDLE_TIMEOUT_MS = 2000;

/** Runs `run` when the browser is idle (at the latest after two seconds); answers a cancel. */
export function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, IDLE_TIMEOUT_MS);
  return () => window.clearTimeout(id);
}
