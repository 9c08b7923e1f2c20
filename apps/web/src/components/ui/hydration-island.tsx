import { type ReactNode, Suspense } from 'react'

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
 */
export function HydrationIsland({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>
}
