declare global {
  interface Window {
    /** Chromium's prioritized task scheduling, not yet in TypeScript's DOM types. */
    scheduler?: { yield?: () => Promise<void> }
  }
}

/**
 * Resolves in a task of its own, so what comes after runs once the browser has handled the input that
 * was waiting (a tap), and drawn a frame if one was due. `scheduler.yield` goes on ahead of other
 * scripts' tasks where the browser has it; elsewhere a message to itself, which a background tab does not
 * hold back as it does a timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = window.scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}
