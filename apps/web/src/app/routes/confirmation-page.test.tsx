import type { ConfirmationState } from '@cabanas/domain/bookings'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buildSummary } from '../../test/checkout-fixtures'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { renderApp } from '../../test/render-app'

const stay = buildSummary()

async function openConfirmation(state: ConfirmationState | undefined) {
  mockFetch(() => jsonResponse({}))
  const rendered = renderApp('/')
  await rendered.router.navigate('/confirmation', { state })
  return rendered
}

describe('ConfirmationPage', () => {
  it('confirms a paid reservation', async () => {
    await openConfirmation({
      kind: 'reservation',
      bookingData: stay,
      guestInfo: {
        firstName: 'Ana',
        lastName: 'López',
        email: 'ana@ejemplo.mx',
        phone: '5512345678',
        specialRequests: '',
      },
      paymentDetails: { id: 'tr_9k2m' },
      reservationId: 'res-7f3a',
      totalAmount: 336_000,
    })

    expect(await screen.findByRole('heading', { level: 1, name: '¡Reserva confirmada!' })).toBeTruthy()
    expect(screen.getByText('Ana López')).toBeTruthy()
    expect(screen.getByText('ID de Reserva').nextElementSibling?.textContent).toBe('res-7f3a')
    expect(screen.getByText('Cabaña Los Encinos')).toBeTruthy()
    expect(screen.getByText('Mazamitla, Jalisco')).toBeTruthy()
    expect(screen.getByText('1 de julio de 2026')).toBeTruthy()
    expect(screen.getByText('3 de julio de 2026')).toBeTruthy()
    expect(screen.getByText('2 noches')).toBeTruthy()
    expect(screen.getByText('tr_9k2m')).toBeTruthy()
    expect(screen.getByText('Completado')).toBeTruthy()
    expect(screen.getByText('$3,360 MXN')).toBeTruthy()
    expect(screen.getByText('ana@ejemplo.mx')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('link', { name: 'Ver mis reservas' }).getAttribute('href')).toBe(
      '/my-reservations',
    )
  })

  it("links 'Ver mi reserva' to the trip page with the reservation's secret", async () => {
    await openConfirmation({
      kind: 'reservation',
      bookingData: stay,
      guestInfo: {
        firstName: 'Ana',
        lastName: 'López',
        email: 'ana@ejemplo.mx',
        phone: '5512345678',
        specialRequests: '',
      },
      paymentDetails: { id: 'tr_9k2m' },
      reservationId: '5f3c1a2b-0000-4000-8000-000000000042',
      totalAmount: 336_000,
      accessToken: 'secreto_DEL-enlace',
    })

    const link = await screen.findByRole('link', { name: 'Ver mi reserva' })
    expect(link.getAttribute('href')).toBe(
      '/reserva/5f3c1a2b-0000-4000-8000-000000000042#token=secreto_DEL-enlace',
    )
  })

  it('presents a request to book as waiting for the host, with nothing charged', async () => {
    await openConfirmation({
      kind: 'request',
      requestId: 'req-55',
      cabinId: 'cabin-42',
      cabinName: 'Cabaña Los Encinos',
      cabinImage: '/media/cabins/los-encinos/1-card.webp',
      location: 'Mazamitla, Jalisco',
      checkIn: '2026-07-01',
      checkOut: '2026-07-03',
      nights: 2,
      guests: 3,
      totalPrice: 336_000,
      fullName: 'Ana López',
      email: 'ana@ejemplo.mx',
      phone: '55 1234 5678',
    })

    expect(await screen.findByRole('heading', { level: 1, name: 'Solicitud enviada' })).toBeTruthy()
    expect(screen.queryByText('¡Reserva confirmada!')).toBeNull()
    expect(screen.queryByText('Completado')).toBeNull()
    const page = within(document.querySelector('main')!)
    expect(page.getByText(/no está confirmada hasta que el anfitrión la acepte/).textContent).toContain(
      'No se ha realizado ningún cargo',
    )
    expect(page.getByText('ID de Solicitud').nextElementSibling?.textContent).toBe('req-55')
    expect(page.getByText('1 de julio de 2026')).toBeTruthy()
    expect(page.getByText('2 noches')).toBeTruthy()
    expect(page.getByText('3 huéspedes')).toBeTruthy()
    expect(page.getByText('$3,360 MXN')).toBeTruthy()
    expect(page.getByText('55 1234 5678')).toBeTruthy()
    expect(page.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/')
    expect(page.getByRole('link', { name: 'Volver a la cabaña' }).getAttribute('href')).toBe(
      '/cabin/cabin-42',
    )
  })

  it('sends a visitor without a confirmation home', async () => {
    const { router } = await openConfirmation(undefined)

    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })
})
