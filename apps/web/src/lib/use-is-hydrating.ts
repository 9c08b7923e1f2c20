import { useSyncExternalStore } from 'react'

const subscribeToNothing = () => () => {}

/**
 * True while React renders on the server or hydrates server-rendered HTML: then the first render must
 * be the server's, so a component reads the browser's storage only after mount. False in a client
 * render (index.html, or a component mounted after hydration), which may read it at once.
 */
export function useIsHydrating(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  )
}
