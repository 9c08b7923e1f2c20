/**
 * At most `concurrency` photos are decoded at once in this process, and at most `maxWaiting` wait for their
 * turn; beyond that `run` answers null at once (the route says 503 'try again in a few seconds'). A photo
 * decodes to up to 150 MB of pixels and keeps a core busy for about a second: without this bound, a burst of
 * uploads from many accounts (each within its rate limit) would exhaust the memory of a small server.
 */
export type ProcessingSlots = {
  run<T>(task: () => Promise<T>): Promise<{ value: T } | null>
  /** Tasks running and waiting now. */
  load(): { running: number; waiting: number }
}

export function createProcessingSlots({
  concurrency,
  maxWaiting,
}: {
  concurrency: number
  maxWaiting: number
}): ProcessingSlots {
  let running = 0
  const queue: (() => void)[] = []
  const release = () => {
    running--
    const next = queue.shift()
    if (next) {
      running++
      next()
    }
  }
  return {
    async run(task) {
      if (running >= concurrency) {
        if (queue.length >= maxWaiting) return null
        await new Promise<void>((resolve) => queue.push(resolve))
      } else running++
      try {
        return { value: await task() }
      } finally {
        release()
      }
    },
    load: () => ({ running, waiting: queue.length }),
  }
}
