import type { DehydratedState } from '@tanstack/react-query'
import { isRouteErrorResponse } from 'react-router'
import { SSR_STATE_ID } from './state-id'

export { SSR_STATE_ID }

/**
 * What a server-rendered page hands the browser, in `<script type="application/json" id="ssr-state">`:
 * the router's state (errors included, e.g. a 404) and the query cache the page was rendered from, so
 * the first client render is the server's and nothing is fetched twice.
 */
export type SsrState = {
  router: {
    loaderData: Record<string, unknown>
    actionData: Record<string, unknown> | null
    errors: Record<string, unknown> | null
  }
  queries: DehydratedState
}

/**
 * Route errors in the form React Router's browser router revives from `__staticRouterHydrationData`
 * (its own StaticRouterProvider writes the same): error responses keep their status.
 */
export function serializeRouteErrors(errors: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!errors) return null
  return Object.fromEntries(
    Object.entries(errors).map(([routeId, error]) => {
      if (isRouteErrorResponse(error)) return [routeId, { ...error, __type: 'RouteErrorResponse' }]
      if (error instanceof Error) return [routeId, { message: error.message, __type: 'Error' }]
      return [routeId, error]
    }),
  )
}

/** The state of a server-rendered page, or null on a client-rendered one (index.html). */
export function readSsrState(doc: Document): SsrState | null {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent
  if (!text) return null
  try {
    return JSON.parse(text) as SsrState
  } catch {
    return null
  }
}
