import type { MyBookingRequest } from '@cabanas/domain/auth'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderApp } from '../../test/render-app'
import { buildReservation, checkResponse, storeSession } from '../../test/session'

const request: MyBookingRequest = {
  requestId: '7a1b2c3d-0000-4000-8000-000000000001',
  cabinId: '8d2e6f10-aaaa-4bbb-8ccc-1234abcd5678',
  cabinName: 'Cabaña del Lago',
  location: 'Valle de Bravo, Estado de México',
  image: '/media/cabins/cabana-2/1-card.webp',
  checkIn: '2026-08-10',
  checkOut: '2026-08-12',
  nights: 2,
  guests: 3,
  totalPrice: 420_000,
  status: 'pending',
  createdAt: '2026-07-15T18:00:00.000Z',
}

/** Mis Reservas of a signed-in client with these reservations and requests to book. */
function openMyReservations(requests: MyBookingRequest[]) {
  const { client } = storeSession()
  mockFetch((url) => {
    if (url.pathname === '/auth/check') return jsonResponse(checkResponse(client))
    if (url.pathname === '/auth/reservations') {
      return jsonResponse({ success: true, data: { reservations: [buildReservation()] } })
    }
    if (url.pathname === '/auth/booking-requests') return jsonResponse({ success: true, data: { requests } })
    return jsonResponse({})
  })
  renderApp('/my-reservations')
}

describe('Mis Reservas: Solicitudes de reserva', () => {
  it('lists the requests to book under the reservations, as pending requests', async () => {
    openMyReservations([request])

    const section = await screen.findByRole('region', { name: 'Solicitudes de reserva' })
    const card = within(section).getByRole('article', { name: 'Cabaña del Lago' })
    expect(within(card).getByText('Solicitud pendiente')).toBeInTheDocument()
    expect(within(card).getByText('Valle de Bravo, Estado de México')).toBeInTheDocument()
    expect(card).toHaveTextContent('10 de agosto de 2026 – 12 de agosto de 2026 · 2 noches · 3 huéspedes')
    expect(card).toHaveTextContent('Total estimado: $4,200 MXN')
    expect(within(card).getByRole('link', { name: 'Ver Alojamiento' })).toHaveAttribute(
      'href',
      `/cabin/${request.cabinId}`,
    )
    expect(
      within(section).getByText('Tu reserva no está confirmada hasta que el anfitrión la acepte.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'Cabaña del Bosque' })).toBeInTheDocument()
  })

  it('shows nothing when there is no request', async () => {
    openMyReservations([])

    await screen.findByRole('article', { name: 'Cabaña del Bosque' })
    expect(screen.queryByRole('region', { name: 'Solicitudes de reserva' })).not.toBeInTheDocument()
  })

  it("shows each state of a request: the host's time left, 'Pagar' with its deadline, the host's message, expired", async () => {
    const HOUR = 3_600_000
    const id = (n: number) => `7a1b2c3d-0000-4000-8000-00000000000${n}`
    openMyReservations([
      {
        ...request,
        requestId: id(2),
        cabinName: 'Pendiente',
        answerBy: new Date(Date.now() + 3.5 * HOUR).toISOString(),
      },
      {
        ...request,
        requestId: id(3),
        cabinName: 'Aceptada',
        status: 'accepted',
        payBy: '2026-07-16T20:30:00.000Z',
      },
      {
        ...request,
        requestId: id(4),
        cabinName: 'Rechazada',
        status: 'declined',
        declineMessage: 'Tenemos mantenimiento.',
      },
      { ...request, requestId: id(5), cabinName: 'Vencida', status: 'expired' },
    ])
    const section = await screen.findByRole('region', { name: 'Solicitudes de reserva' })
    const card = (name: string) => within(section).getByRole('article', { name })

    expect(card('Pendiente')).toHaveTextContent('para responder (quedan 3 h)')
    expect(within(card('Pendiente')).queryByRole('link', { name: 'Pagar' })).not.toBeInTheDocument()

    const accepted = card('Aceptada')
    expect(within(accepted).getByText('Solicitud aceptada')).toBeInTheDocument()
    // The deadline in Mexico City's time (UTC−6).
    expect(accepted).toHaveTextContent('Paga antes del jueves, 16 de julio, 14:30')
    const pay = must(
      within(accepted).getByRole('link', { name: 'Pagar' }).getAttribute('href'),
      "within(accepted).getByRole('link', { name: 'Pagar' }).getAttribute(...",
    )
    expect(pay).toBe(
      `/checkout?cabin=${request.cabinId}&checkIn=2026-08-10&checkOut=2026-08-12&guests=3&solicitud=${id(3)}`,
    )

    expect(within(card('Rechazada')).getByText('Solicitud rechazada')).toBeInTheDocument()
    expect(card('Rechazada')).toHaveTextContent('Mensaje del anfitrión: «Tenemos mantenimiento.»')
    expect(within(card('Vencida')).getByText('Solicitud vencida')).toBeInTheDocument()
    expect(card('Vencida')).toHaveTextContent('No se hizo ningún cargo')
  })
})
