import { act, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockFetch } from '../test/fetch-mock'
import { AppProviders, createQueryClient } from './providers'
import { RootLayout } from './root-layout'

describe('a page whose code is still on its way', () => {
  it('shows a loading bar from the tap until the page is there', async () => {
    mockFetch(() => jsonResponse({}))
    let arrive: (page: { Component: () => React.ReactNode }) => void = () => {}
    const router = createMemoryRouter(
      [
        {
          path: '/',
          Component: RootLayout,
          children: [
            { index: true, Component: () => <h1>Cabaña</h1> },
            { path: 'checkout', lazy: () => new Promise((resolve) => (arrive = resolve)) },
          ],
        },
      ],
      { initialEntries: ['/'] },
    )
    render(
      <AppProviders queryClient={createQueryClient({ retryDelay: 0 })}>
        <RouterProvider router={router} />
      </AppProviders>,
    )
    await screen.findByRole('heading', { name: 'Cabaña' })
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()

    await act(async () => {
      void router.navigate('/checkout')
    })
    const bar = screen.getByRole('progressbar', { name: 'Cargando la página' })
    expect(bar).toHaveAttribute('data-opening', 'navigation')
    expect(screen.getByRole('heading', { name: 'Cabaña' })).toBeInTheDocument()

    await act(async () => arrive({ Component: () => <h1>Confirmar y pagar</h1> }))
    await screen.findByRole('heading', { name: 'Confirmar y pagar' })
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })
})
