import '@fontsource-variable/inter'
import '../styles.css'
import { hydrate } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { readSsrState, type SsrState } from '../ssr/hydration-state'
import { AppProviders, createQueryClient } from './providers'
import { routes } from './router'

declare global {
  interface Window {
    __staticRouterHydrationData?: SsrState['router']
  }
}

const container = document.getElementById('root')
if (!container) throw new Error('Missing #root element in index.html')

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

const ssrState = readSsrState(document)
if (ssrState) {
  // Server-rendered public page: the same data and route state, then hydration.
  window.__staticRouterHydrationData = ssrState.router
  const queryClient = createQueryClient()
  hydrate(queryClient, ssrState.queries)
  await loadFirstPage(routes)
  const router = createBrowserRouter(routes)
  hydrateRoot(
    container,
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  )
} else {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>,
  )
}
