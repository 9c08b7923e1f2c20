/**
 * Tells who listens that a HydrationIsland has committed its hydration and run its effects (what only
 * the browser knows, a saved favourite, has been asked for by then). island-taps.ts replays a kept tap
 * soon after its island's commit instead of waiting for the whole page to be idle.
 */
const listeners = new Set<() => void>()

/** Called by each island once, after its own effects (components/ui/hydration-island.tsx). */
export function noteIslandCommitted(): void {
  for (const listener of [...listeners]) listener()
}

/** `listener` after every island's commit from now on; returns its removal. */
export function onIslandCommitted(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
