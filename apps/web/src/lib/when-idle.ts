/**
 * Runs `callback` in the browser's next idle moment (at most `timeoutMs` later), or after
 * `fallbackMs` (by default `timeoutMs`, at most 1 s) where there is no idle callback. Returns its cancellation (for an effect's clean-up).
 */
export function whenIdle(
  callback: () => void,
  timeoutMs = 3000,
  fallbackMs = Math.min(timeoutMs, 1000),
): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: timeoutMs })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(callback, fallbackMs)
  return () => window.clearTimeout(id)
}
