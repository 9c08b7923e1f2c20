import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { AppProviders, createQueryClient } from '../app/providers'
import { routes } from '../app/router'

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
