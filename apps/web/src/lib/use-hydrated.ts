import { useDeferredValue, useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False on the server and during hydration, true from the first client render after it (and on
 * every client-only render). For what only the browser can draw (portals into `document.body`, maps):
 * the server's HTML and the first client render stay the same.
 *
 * The switch after hydration is deferred: React re-renders a store's readers synchronously when the
 * store differs from the server's, which made the whole booking widget re-render in one long task on a
 * phone; the deferred value arrives in a background render that yields to the browser.
 */
export function useHydrated(): boolean {
  return useDeferredValue(
    useSyncExternalStore(
      subscribe,
      () => true,
      () => false,
    ),
  )
}
