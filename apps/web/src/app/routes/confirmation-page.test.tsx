import type { ConfirmationState } from '@cabanas/domain/bookings'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { buildSummary } from '../../test/checkout-fixtures'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
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

    expect(await screen.findByRole('heading', { level: 1, name: '¡Reserva confirmada!' })).toBeInTheDocument()
    expect(screen.getByText('Ana López')).toBeInTheDocument()
    expect(screen.getByText('ID de Reserva').nextElementSibling?.textContent).toBe('res-7f3a')
    expect(screen.getByText('Cabaña Los Encinos')).toBeInTheDocument()
    expect(screen.getByText('Mazamitla, Jalisco')).toBeInTheDocument()
    expect(screen.getByText('1 de julio de 2026')).toBeInTheDocument()
    expect(screen.getByText('3 de julio de 2026')).toBeInTheDocument()
    expect(screen.getByText('2 noches')).toBeInTheDocument()
    expect(screen.getByText('tr_9k2m')).toBeInTheDocument()
    expect(screen.getByText('Completado')).toBeInTheDocument()
    expect(screen.getByText('$3,360 MXN')).toBeInTheDocument()
    expect(screen.getByText('ana@ejemplo.mx')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: 'Ver mis reservas' })).toHaveAttribute('href', '/my-reservations')
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
    expect(link).toHaveAttribute(
      'href',
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

    expect(await screen.findByRole('heading', { level: 1, name: 'Solicitud enviada' })).toBeInTheDocument()
    expect(screen.queryByText('¡Reserva confirmada!')).not.toBeInTheDocument()
    expect(screen.queryByText('Completado')).not.toBeInTheDocument()
    const page = within(must(document.querySelector('main'), "document.querySelector('main')"))
    expect(page.getByText(/no está confirmada hasta que el anfitrión la acepte/)).toHaveTextContent(
      'No se ha realizado ningún cargo',
    )
    expect(page.getByText('ID de Solicitud').nextElementSibling?.textContent).toBe('req-55')
    expect(page.getByText('1 de julio de 2026')).toBeInTheDocument()
    expect(page.getByText('2 noches')).toBeInTheDocument()
    expect(page.getByText('3 huéspedes')).toBeInTheDocument()
    expect(page.getByText('$3,360 MXN')).toBeInTheDocument()
    expect(page.getByText('55 1234 5678')).toBeInTheDocument()
    expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/')
    expect(page.getByRole('link', { name: 'Volver a la cabaña' })).toHaveAttribute('href', '/cabin/cabin-42')
  })

  it('sends a visitor without a confirmation home', async () => {
    const { router } = await openConfirmation(undefined)

    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })
})
