import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False on the server and during hydration, true from the first client render after it (and on
 * every client-only render). For what only the browser can draw (portals into `document.body`, maps):
 * the server's HTML and the first client render stay the same.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
