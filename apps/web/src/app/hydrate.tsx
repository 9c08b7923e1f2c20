import { type DehydratedState, hydrate } from '@tanstack/react-query'
import { Fragment, type ReactNode, StrictMode, startTransition } from 'react'
import { flushSync } from 'react-dom'
import { type HydrationOptions, hydrateRoot, type Root } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router'
import { readSsrState, type SsrState } from '../ssr/hydration-state'
import { type EarlyTap, takeEarlyTap } from './early-tap-handoff'
import { ReplayEarlyTap } from './early-taps'
import { holdTapsUntilHydrated, type TapHold } from './island-taps'
import { nextTask } from './next-task'
import { AppProviders, createQueryClient } from './providers'
import { routes } from './router'

declare global {
  interface Window {
    __staticRouterHydrationData?: SsrState['router']
  }
}

/**
 * The pages of the first address are loaded before hydrating: the server rendered them, and the first
 * client render must be the same tree (a lazy route would first render its fallback).
 */
async function loadFirstPage(tree: RouteObject[]) {
  const matches = matchRoutes(tree, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const loaded = await route.lazy()
      Object.assign(route, { ...loaded, lazy: undefined })
    }),
  )
}

/**
 * useId numbers each id after the forks (arrays of children) above it. The server renders the app
 * inside its document (ssr/entry-server's `Document`): in the second child of `<html>` (`<body>`), then
 * in the first child of `<body>` (`#root`, before `#ssr-state`). The client hydrates `#root` alone, so it
 * puts the app at the same place in two arrays of two: every id matches the server's (aria-labelledby,
 * aria-controls…). The hydration test fails if the document's shape changes without this.
 */
function atServerPlace(app: ReactNode): ReactNode {
  return [null, [<Fragment key="root">{app}</Fragment>, null]]
}

/**
 * The server's data counts as fetched when the page arrives, by this device's clock: by the server's
 * time it may already look older than a query's staleTime (a slow load, a phone's clock ahead), and a
 * query asked again on mount renders its loading state ('Verificando…') instead of the HTML the page
 * came with, which breaks hydration. The checkout quotes the stay again before any charge.
 */
function freshFromNow(state: DehydratedState): DehydratedState {
  const now = Date.now()
  return {
    ...state,
    queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
  }
}

/**
 * Hydrates a server-rendered public page in `container`: the router's state and the query cache the
 * server rendered from (`#ssr-state`), the first page's code, then `hydrateRoot`. Resolves to null on a
 * client-rendered document (index.html has no `#ssr-state`). `options` are hydrateRoot's (tests pass
 * `onRecoverableError`).
 */
export async function hydrateServerPage(
  container: Element,
  options?: HydrationOptions,
): Promise<Root | null> {
  const ssrState = readSsrState(container.ownerDocument)
  if (!ssrState) return null
  window.__staticRouterHydrationData = ssrState.router
  const queryClient = createQueryClient()
  hydrate(queryClient, freshFromNow(ssrState.queries))
  // Each step below is a task of its own: a tap made meanwhile is marked by the early script between
  // them instead of waiting for all of them (on a phone each is tens of milliseconds). Until hydrateRoot,
  // links and forms are the browser's and the early script keeps taps; the router listens from its
  // creation on (a Back, or the skip link's #contenido, in the last gap is already its).
  await nextTask()
  await loadFirstPage(routes)
  await nextTask()
  const router = createBrowserRouter(routes)
  await nextTask()
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: the page is already on screen, and input stays responsive.
  const earlyTap = takeEarlyTap()
  let hold: TapHold | undefined
  const adopt = (tap: EarlyTap) => hold?.adopt(tap) ?? false
  const root = inTransition(() =>
    hydrateRoot(
      container,
      atServerPlace(
        <StrictMode>
          <AppProviders queryClient={queryClient}>
            {/* react-router/dom's provider is this one with flushSync; importing it here would load a
              second copy of react-router in the hydration test (vitest resolves the two apart). */}
            <ReplayEarlyTap tap={earlyTap} adopt={adopt}>
              <RouterProvider router={router} flushSync={(update) => void flushSync(update)} />
            </ReplayEarlyTap>
          </AppProviders>
        </StrictMode>,
      ),
      options,
    ),
  )
  // Every island hydrates in slices from now on; a tap on one still waiting is kept until it has (the
  // early script's too, handed over when the frame commits: hydrateRoot in a transition has not yet).
  hold = holdTapsUntilHydrated(root, container)
  return root
}

/** `work`'s result, its updates made in a transition (startTransition runs it at once). */
function inTransition<T>(work: () => T): T {
  let result: { value: T } | undefined
  startTransition(() => {
    result = { value: work() }
  })
  if (!result) throw new Error('startTransition did not run its callback')
  return result.value
}
