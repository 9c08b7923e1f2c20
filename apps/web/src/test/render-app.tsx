import type { Client } from '@cabanas/domain/auth'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { AppProviders, createQueryClient } from '../app/providers'
import { routes } from '../app/router'
import { jsonResponse, mockFetch } from './fetch-mock'
import { buildToken, checkResponse, storeSession } from './session'

/** Renders the real app (routes, providers, layout) at `url`, without retry delays. */
export function renderApp(url = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [url] })
  const queryClient = createQueryClient({ retryDelay: 0 })
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...result, router, queryClient }
}

/** Answers a request of the page under test (everything but the session check). */
export type PageRequestHandler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>

/**
 * The real app at `url` for a signed-in client: the session stored, /auth/check answered with the
 * client, every other request by `handle`. Returns the token, the fetch spy and what renderApp returns.
 */
export function renderSignedIn(client: Client, url: string, handle: PageRequestHandler) {
  const token = buildToken()
  storeSession(client, token)
  const fetchMock = mockFetch((requested, init) =>
    requested.pathname === '/auth/check' ? jsonResponse(checkResponse(client)) : handle(requested, init),
  )
  return { token, fetchMock, ...renderApp(url) }
}
