declare global {
  interface Window {
    /** Chromium's prioritized task scheduling, not yet in TypeScript's DOM types. */
    scheduler?: { yield?: () => Promise<void> }
  }
}

/**
 * Resolves in a task of its own, so what comes after runs once the browser has handled what was waiting
 * (a tap, a frame). `scheduler.yield` goes on ahead of other scripts' tasks where the browser has it; a
 * zero timeout elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = window.scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
