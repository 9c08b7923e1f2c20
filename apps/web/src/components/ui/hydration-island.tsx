import { memo, type ReactNode, Suspense, useEffect } from 'react'
import { noteIslandCommitted } from '../../lib/island-commits'

/**
 * A part of a server-rendered page that hydrates on its own. React hydrates the page in slices that
 * yield to the browser, but a tap that arrives before it has finished makes it hydrate what holds the
 * tap's target at once, in one task: without islands, the whole page. On the home page at 375 px a tap
 * on the header 2.8 s after navigation waited 550 ms for that task on a phone (4× CPU, issue 20). With
 * the page cut into islands, such a tap hydrates the frame around them and its own island; the others
 * keep hydrating in slices.
 *
 * The server's HTML stays on screen while an island waits to hydrate. The fallback (nothing) shows
 * only if its content suspends in an urgent update after hydration; a navigation is a transition and
 * keeps the old page on screen instead.
 *
 * A parent that re-renders while an island is still dehydrated makes React hydrate the island at once,
 * in the update's own task, when the island's props changed. The island is memoized: given the same
 * children (a memoized element), a tap that updates the page around it leaves it to hydrate later.
 * On the results at 375 px, 'Mostrar mapa' tapped 2.3 s after navigation hydrated the cards, the
 * filters and the map in its click (264 ms at 4× CPU).
 */
export const HydrationIsland = memo(function HydrationIsland({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Committed>{children}</Committed>
    </Suspense>
  )
})

/**
 * Says when the island has committed, after its content's effects (a parent's run after its
 * children's). A wrapper with one child: no fork in the tree, so the ids useId gives inside stay the
 * server's.
 */
function Committed({ children }: { children: ReactNode }) {
  useEffect(() => noteIslandCommitted(), [])
  return children
}
