import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { buildDestination } from '../../test/factories'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { renderApp } from '../../test/render-app'

// Each draw of the home's destinations (six tiles and their carousels) is counted. A tap that opens
// the header search must draw the search, not the page under it: on a phone at 4× CPU, drawing the
// page again was most of the tap's 280 ms (issue 20).
const draws = vi.hoisted(() => ({ count: 0 }))
vi.mock('../../features/catalog/home-destinations', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../features/catalog/home-destinations')>()
  return {
    ...original,
    HomeDestinations: (props: Parameters<typeof original.HomeDestinations>[0]) => {
      draws.count += 1
      return original.HomeDestinations(props)
    },
  }
})

describe('HomePage, while the header search is used', () => {
  it('is not drawn again when a panel opens, a destination is chosen or a popular destination opens the dates', async () => {
    const user = userEvent.setup()
    mockFetch((url) =>
      url.pathname === '/api/destinations'
        ? jsonResponse({ destinations: [buildDestination({ population: 'Tapalpa', state: 'Jalisco' })] })
        : new Response(null, { status: 404 }),
    )
    renderApp('/')
    const popular = await screen.findByRole('region', { name: 'Destinos populares' })
    const settled = draws.count

    await user.click(screen.getByRole('button', { name: /^Destino/ }))
    const panel = await screen.findByRole('dialog', { name: 'Elige un destino' })
    await user.click(within(panel).getByRole('button', { name: /Tapalpa/ }))
    expect(await screen.findByRole('dialog', { name: 'Fecha de llegada' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await user.click(within(popular).getByRole('button', { name: /Tapalpa/ }))
    expect(await screen.findByRole('dialog', { name: 'Fecha de llegada' })).toBeInTheDocument()

    expect(draws.count).toBe(settled)
  })
})
