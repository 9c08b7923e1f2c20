import { useSyncExternalStore } from 'react'

/** Wait at most this long for the browser to be idle before loading the photo carousels. */
const IDLE_TIMEOUT_MS = 3000

let isReady = false
let isScheduled = false
const listeners = new Set<() => void>()

/** Swaps every card's single photo for its carousel: on idle, or at once when a card is touched. */
export function loadCarousels(): void {
  if (isReady) return
  isReady = true
  for (const listener of listeners) listener()
}

function scheduleOnIdle() {
  if (isScheduled) return
  isScheduled = true
  if ('requestIdleCallback' in window) window.requestIdleCallback(loadCarousels, { timeout: IDLE_TIMEOUT_MS })
  else setTimeout(loadCarousels, IDLE_TIMEOUT_MS / 3)
}

function subscribe(onChange: () => void) {
  listeners.add(onChange)
  scheduleOnIdle()
  return () => listeners.delete(onChange)
}

/**
 * Whether the cards may draw their carousels. Embla is ~9 KB gzip that the first paint does not
 * need: cards start with their first photo and get the carousel once the page is idle.
 */
export function useCarouselsReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isReady,
    () => false,
  )
}
