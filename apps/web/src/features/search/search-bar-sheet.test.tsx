import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { buildDestination } from '../../test/factories'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderApp } from '../../test/render-app'

// Noon of 15 July 2026 in Mexico City.
const NOW = new Date('2026-07-15T18:00:00Z')

function serveDestinations() {
  return mockFetch((url) =>
    url.pathname === '/api/destinations'
      ? jsonResponse({
          destinations: [
            buildDestination({ population: 'Mazamitla', state: 'Jalisco' }),
            buildDestination({ population: 'Bacalar', state: 'Quintana Roo' }),
          ],
        })
      : new Response(null, { status: 404 }),
  )
}

/** A phone: every `max-width` query matches, every `min-width` one does not. */
function onAPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }))
}

async function renderHome() {
  const app = renderApp('/')
  await screen.findByRole('heading', { name: 'Destinos populares' })
  return app
}

const trigger = () => screen.findByRole('button', { name: /^¿A dónde vas\?/ })
const sheet = () => screen.queryByRole('dialog', { name: 'Busca tu cabaña' })

describe('header search on a phone', () => {
  beforeEach(() => {
    // Only Date is faked: user-event's own timers stay real, so it does not hang (docs/decisions.md).
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
  })

  it('opens the whole search as a sheet from the one-line trigger, searches, and the trigger reads the search', async () => {
    const user = userEvent.setup()
    onAPhone()
    serveDestinations()
    const { router } = await renderHome()

    expect((await trigger()).textContent).toBe('¿A dónde vas?Fechas · 2 huéspedes')
    expect(sheet()).toBeNull()
    await user.click(await trigger())

    const searchSheet = await screen.findByRole('dialog', { name: 'Busca tu cabaña' })
    expect(searchSheet.getAttribute('aria-modal')).toBe('true')
    const destinations = await within(searchSheet).findByRole('dialog', { name: 'Elige un destino' })
    // Focus goes into the sheet, on the open segment.
    expect(document.activeElement).toBe(within(searchSheet).getByRole('button', { name: /^Destino/ }))
    await user.click(within(destinations).getByRole('button', { name: /Bacalar, Quintana Roo/ }))
    const arrival = await within(searchSheet).findByRole('dialog', { name: 'Fecha de llegada' })
    await user.click(within(arrival).getByRole('button', { name: 'lunes, 20 de julio de 2026' }))
    const departure = await within(searchSheet).findByRole('dialog', { name: 'Fecha de salida' })
    await user.click(within(departure).getByRole('button', { name: 'jueves, 23 de julio de 2026' }))
    const guests = await within(searchSheet).findByRole('dialog', { name: 'Huéspedes' })
    await user.click(within(guests).getByRole('button', { name: 'Aumentar adultos' }))
    await user.click(within(searchSheet).getByRole('button', { name: 'Buscar' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/results'))
    expect(new URLSearchParams(router.state.location.search).get('location')).toBe('Bacalar, Quintana Roo')
    expect(sheet()).toBeNull()
    const filled = await screen.findByRole('button', { name: /^Bacalar/ })
    expect(filled.textContent).toBe('Bacalar20 – 23 jul · 3 huéspedes')
    expect(document.activeElement).toBe(filled)
  })

  it('closes with its close button, or with Escape once no panel is open, and lets the page scroll again', async () => {
    const user = userEvent.setup()
    onAPhone()
    serveDestinations()
    await renderHome()

    await user.click(await trigger())
    const closeButton = within(
      must(
        await screen.findByRole('dialog', { name: 'Busca tu cabaña' }),
        "(await screen.findByRole('dialog', { name: 'Busca tu cabaña' }))",
      ),
    ).getByRole('button', { name: 'Cerrar búsqueda' })
    expect(document.documentElement.style.overflow).toBe('hidden')
    await user.click(closeButton)
    expect(sheet()).toBeNull()
    expect(document.documentElement.style.overflow).toBe('')
    expect(document.activeElement).toBe(await trigger())

    await user.click(await trigger())
    await screen.findByRole('dialog', { name: 'Elige un destino' })
    // The first Escape closes the panel, the second the sheet.
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Elige un destino' })).toBeNull()
    expect(sheet()).not.toBeNull()
    await user.keyboard('{Escape}')
    expect(sheet()).toBeNull()
  })

  it('opens the sheet on the arrival calendar when a popular destination is chosen', async () => {
    const user = userEvent.setup()
    onAPhone()
    serveDestinations()
    await renderHome()

    const popular = screen.getByRole('region', { name: 'Destinos populares' })
    await user.click(within(popular).getByRole('button', { name: /^Mazamitla/ }))

    const searchSheet = await screen.findByRole('dialog', { name: 'Busca tu cabaña' })
    expect(await within(searchSheet).findByRole('dialog', { name: 'Fecha de llegada' })).toBeTruthy()
    expect(within(searchSheet).getByRole('button', { name: /^Destino/ }).textContent).toContain(
      'Mazamitla, Jalisco',
    )
  })

  it('stays a bar under the header on wide screens', async () => {
    const user = userEvent.setup()
    serveDestinations()
    await renderHome()

    await user.click(await trigger())
    expect(await screen.findByRole('dialog', { name: 'Elige un destino' })).toBeTruthy()
    expect(sheet()).toBeNull()
    expect(document.documentElement.style.overflow).toBe('')
  })
})
