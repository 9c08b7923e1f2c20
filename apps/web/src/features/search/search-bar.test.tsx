import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { buildDestination } from '../../test/factories'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
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
            buildDestination({ population: 'Tepoztlán', state: 'Morelos' }),
          ],
        })
      : new Response(null, { status: 404 }),
  )
}

const segment = (name: string) => screen.findByRole('button', { name: new RegExp(`^${name}`) })

/** Renders the home page and waits for it: the layout drawn while the page loads is replaced then. */
async function renderHome() {
  const app = renderApp('/')
  await screen.findByRole('heading', { name: 'Destinos populares' })
  return app
}

describe('header search bar', () => {
  beforeEach(() => {
    // Only Date is faked: user-event's own timers stay real, so it does not hang (docs/decisions.md).
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
  })

  it('goes destination → arrival → departure → guests, then searches', async () => {
    const user = userEvent.setup()
    serveDestinations()
    const { router } = await renderHome()

    await user.click(await segment('Destino'))
    const destinations = await screen.findByRole('dialog', { name: 'Elige un destino' })
    expect(within(destinations).getByText('Por la zona')).toBeTruthy()
    const bacalar = within(destinations).getByRole('button', { name: /Bacalar, Quintana Roo/ })
    expect(bacalar.textContent).toContain('Aguas cristalinas para remar, nadar y ver el atardecer')
    expect(within(destinations).getByRole('button', { name: /Tepoztlán, Morelos/ }).textContent).toContain(
      'Alojamientos disponibles en Tepoztlán',
    )
    await user.click(bacalar)

    // Picking a destination opens the arrival calendar.
    const arrival = await screen.findByRole('dialog', { name: 'Fecha de llegada' })
    expect(within(arrival).getByRole('button', { name: 'martes, 14 de julio de 2026' })).toHaveProperty(
      'disabled',
      true,
    )
    await user.click(within(arrival).getByRole('button', { name: 'lunes, 20 de julio de 2026' }))

    // Picking the arrival opens the departure: the arrival and earlier days are disabled.
    const departure = await screen.findByRole('dialog', { name: 'Fecha de salida' })
    expect(within(departure).getByRole('button', { name: 'lunes, 20 de julio de 2026' })).toHaveProperty(
      'disabled',
      true,
    )
    await user.click(within(departure).getByRole('button', { name: 'jueves, 23 de julio de 2026' }))

    // Picking the departure opens the guests.
    const guests = await screen.findByRole('dialog', { name: 'Huéspedes' })
    expect(within(guests).getByText('Adultos')).toBeTruthy()
    expect(within(guests).getByText('13 años o más')).toBeTruthy()
    // A new search starts at two guests (issue 20: it started at none, and could not run as it was).
    expect((await segment('Huéspedes')).textContent).toContain('2 huéspedes')
    await user.click(within(guests).getByRole('button', { name: 'Aumentar adultos' }))
    expect((await segment('Huéspedes')).textContent).toContain('3 huéspedes')

    expect((await segment('Llegada')).textContent).toContain('20 jul')
    expect((await segment('Salida')).textContent).toContain('23 jul')

    await user.click(screen.getByRole('button', { name: 'Buscar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/results'))
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      location: 'Bacalar, Quintana Roo',
      checkIn: '2026-07-20',
      checkOut: '2026-07-23',
      guests: '3',
    })
  })

  it('explains what is missing before searching from the home page', async () => {
    const user = userEvent.setup()
    sessionStorage.setItem('preselectedLocation', 'Mazamitla, Jalisco')
    serveDestinations()
    const { router } = await renderHome()

    expect((await segment('Destino')).textContent).toContain('Mazamitla, Jalisco')
    await user.click(screen.getByRole('button', { name: 'Buscar' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Por favor selecciona las fechas de llegada y salida',
    )
    // The calendar opens where the search needs attention.
    const arrival = await screen.findByRole('dialog', { name: 'Fecha de llegada' })
    await user.click(within(arrival).getByRole('button', { name: 'lunes, 20 de julio de 2026' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Fecha de salida' })).getByRole('button', {
        name: 'martes, 21 de julio de 2026',
      }),
    )
    // Down to no guests, the message follows.
    const guests = await screen.findByRole('dialog', { name: 'Huéspedes' })
    await user.click(within(guests).getByRole('button', { name: 'Reducir adultos' }))
    await user.click(within(guests).getByRole('button', { name: 'Reducir adultos' }))
    expect(within(guests).getByRole('button', { name: 'Reducir adultos' })).toHaveProperty('disabled', true)
    expect((await segment('Huéspedes')).textContent).toContain('¿Cuántos?')
    expect((await screen.findByRole('alert')).textContent).toBe('Por favor indica el número de huéspedes')
    expect(router.state.location.pathname).toBe('/')
  })

  it('closes the open panel with Escape, on a click outside and when focus leaves', async () => {
    const user = userEvent.setup()
    serveDestinations()
    await renderHome()

    await user.click(await segment('Huéspedes'))
    expect(await screen.findByRole('dialog', { name: 'Huéspedes' })).toBeTruthy()
    // Into the panel first, so that the focus has somewhere to come back from.
    await user.tab()
    expect(document.activeElement).not.toBe(await segment('Huéspedes'))
    expect(screen.getByRole('dialog', { name: 'Huéspedes' })).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Huéspedes' })).toBeNull()
    expect(document.activeElement).toBe(await segment('Huéspedes'))

    await user.click(await segment('Llegada'))
    expect(await screen.findByRole('dialog', { name: 'Fecha de llegada' })).toBeTruthy()
    await user.click(document.body)
    expect(screen.queryByRole('dialog', { name: 'Fecha de llegada' })).toBeNull()

    await user.click(await segment('Destino'))
    expect(await screen.findByRole('dialog', { name: 'Elige un destino' })).toBeTruthy()
    // Focus leaving: from the segment back to what comes before it in the header.
    await user.tab({ shift: true })
    expect(screen.queryByRole('dialog', { name: 'Elige un destino' })).toBeNull()
  })

  it('keeps one panel open at a time, the user menu included', async () => {
    const user = userEvent.setup()
    serveDestinations()
    await renderHome()

    await user.click(await segment('Llegada'))
    expect(await screen.findByRole('dialog', { name: 'Fecha de llegada' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: /^Menú de usuario/ }))
    expect(screen.queryByRole('dialog', { name: 'Fecha de llegada' })).toBeNull()
    expect(screen.getByText('Inicia sesión para acceder a tus reservas y preferencias')).toBeTruthy()
    await user.click(await segment('Destino'))
    expect(screen.queryByText('Inicia sesión para acceder a tus reservas y preferencias')).toBeNull()
    expect(await screen.findByRole('dialog', { name: 'Elige un destino' })).toBeTruthy()
  })
})
