/**
 * Runs `callback` when the browser is idle, at the latest after `timeoutMs`; where there is no
 * requestIdleCallback (Safari before 18), after `fallbackMs`. Returns what cancels it.
 */
export function onIdle(callback: () => void, timeoutMs: number, fallbackMs = timeoutMs): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, fallbackMs);
  return () => clearTimeout(timer);
}
