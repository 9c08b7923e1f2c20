import type { ReservationView } from '@cabanas/domain/reservations'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderApp } from '../../test/render-app'
import { buildReservation, checkResponse, storeSession } from '../../test/session'

/** A signed-in client on /my-reservations; `answer` is the reservations list response. */
function openMyReservations(answer: () => Response | Promise<Response>) {
  const { client, token } = storeSession()
  const fetchMock = mockFetch((url) => {
    if (url.pathname === '/auth/check') return jsonResponse(checkResponse(client))
    if (url.pathname === '/auth/reservations') return answer()
    return jsonResponse({})
  })
  const app = renderApp('/my-reservations')
  return { ...app, fetchMock, token }
}

const listOf = (reservations: ReservationView[]) => () =>
  jsonResponse({ success: true, data: { reservations } })

async function findCard(name: string) {
  return (await screen.findByRole('article', { name })) as HTMLElement
}

const badge = (card: HTMLElement, text: string) =>
  must(within(card).getByText(text).closest('span'), "within(card).getByText(text).closest('span')")

describe('MyReservationsPage', () => {
  it('shows three skeleton cards while the list loads', async () => {
    let release: (response: Response) => void = () => {}
    openMyReservations(() => new Promise((resolve) => (release = resolve)))

    await screen.findByRole('heading', { level: 1, name: 'Mis Reservas' })
    await waitFor(() => expect(screen.getAllByTestId('reservation-skeleton')).toHaveLength(3))
    release(listOf([])())
    await screen.findByText('No tienes reservas aún')
    expect(screen.queryAllByTestId('reservation-skeleton')).toHaveLength(0)
  })

  it("shows the empty state with 'Explorar Cabañas' to the home page", async () => {
    const { token, fetchMock } = openMyReservations(listOf([]))

    expect(await screen.findByRole('heading', { name: 'No tienes reservas aún' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Explorar Cabañas' })).toHaveAttribute('href', '/')
    const [, init] = must(
      fetchMock.mock.calls.find(([url]) => String(url) === '/auth/reservations'),
      "fetchMock.mock.calls.find(([url]) => String(url) === '/auth/reserva...",
    )
    expect((must(init, 'init').headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`)
  })

  it('shows an error alert when the list fails, with the server message or the fallback', async () => {
    const user = userEvent.setup()
    let answer = () =>
      jsonResponse(
        { success: false, error: 'Error del servidor. Intenta nuevamente.', errorType: 'SERVER_ERROR' },
        500,
      )
    openMyReservations(() => answer())

    const alert = await screen.findByRole('alert', {}, { timeout: 3000 })
    expect(alert).toHaveTextContent('Error del servidor. Intenta nuevamente.')
    answer = () => {
      throw new TypeError('Failed to fetch')
    }
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error al cargar las reservas'), {
      timeout: 3000,
    })
  })

  it('shows every field of a reservation card', async () => {
    const reservation = buildReservation({
      _id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
      resourceId: '8d2e6f10-aaaa-4bbb-8ccc-1234abcd5678',
      resourceName: 'Cabaña El Mirador',
      location: 'Valle de Bravo, Estado de México',
      arrivalDate: '2026-08-07',
      departureDate: '2026-08-09',
      pax: 1,
      nNights: 2,
      maxOccupation: 4,
      total: 345_000,
      balanceDue: 0,
    })
    openMyReservations(listOf([reservation]))

    const card = await findCard('Cabaña El Mirador')
    const text = card.textContent
    expect(text).toContain('Reserva #a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d')
    expect(text).toContain('ID del alojamiento: abcd5678')
    expect(text).not.toContain('8d2e6f10')
    expect(text).toContain('Valle de Bravo, Estado de México')
    const fact = (label: string) =>
      must(
        within(card).getByText(label, { selector: 'dt' }).nextElementSibling,
        "within(card).getByText(label, { selector: 'dt' }).nextElementSibling",
      ).textContent
    // The one long form guests read dates in, on every page and mail (issue 20).
    expect(fact('Llegada')).toBe('7 de agosto de 2026')
    expect(fact('Salida')).toBe('9 de agosto de 2026')
    expect(fact('Huéspedes')).toBe('1 huésped')
    expect(fact('Noches')).toBe('2 noches')
    expect(fact('Capacidad máxima')).toBe('4 huéspedes')
    expect(fact('Total')).toBe('$3,450 MXN')
    expect(within(card).queryByText('Saldo Pendiente')).not.toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Ver Alojamiento' })).toHaveAttribute(
      'href',
      '/cabin/8d2e6f10-aaaa-4bbb-8ccc-1234abcd5678',
    )
    expect(within(card).queryByRole('link', { name: /Ver Detalles/ })).not.toBeInTheDocument()
  })

  it("shows 'Saldo Pendiente' only when there is a balance, and 'Ver Detalles' only with a url", async () => {
    openMyReservations(
      listOf([
        buildReservation({
          resourceName: 'Con saldo',
          status: 'pending',
          paymentStatus: 'PENDING',
          balanceDue: 120_050,
          _id: '5f3c1a2b-0000-4000-8000-0000000000aa',
          url: '/reserva/5f3c1a2b-0000-4000-8000-0000000000aa',
        }),
        buildReservation({ resourceName: 'Sin saldo', balanceDue: 0 }),
      ]),
    )

    const pending = await findCard('Con saldo')
    expect(within(pending).getByText('Saldo Pendiente').parentElement).toHaveTextContent('$1,200.50 MXN')
    const details = within(pending).getByRole('link', { name: /Ver Detalles/ })
    // The reservation's trip page, in a new tab (spec §2).
    expect(details).toHaveAttribute('href', '/reserva/5f3c1a2b-0000-4000-8000-0000000000aa')
    expect(details).toHaveAttribute('target', '_blank')
    expect(details.getAttribute('rel')).toContain('noopener')
    const paid = await findCard('Sin saldo')
    expect(within(paid).queryByText('Saldo Pendiente')).not.toBeInTheDocument()
  })

  it.each([
    ['active', 'Activa', 'emerald'],
    ['cancelled', 'Cancelada', 'red'],
    ['completed', 'Completada', 'sky'],
    ['pending', 'Pendiente', 'amber'],
    ['on_hold', 'on_hold', 'stone'],
  ])('shows the status %s as %s in its colour', async (status, label, colour) => {
    openMyReservations(listOf([buildReservation({ resourceName: 'Cabaña', status, paymentStatus: 'PAID' })]))

    const card = await findCard('Cabaña')
    expect(badge(card, label).className).toContain(`bg-${colour}-`)
  })

  it.each([
    ['PAID', 'Pagado'],
    ['PENDING', 'Pendiente'],
    ['FAILED', 'Fallido'],
    ['REFUNDED', 'Reembolsado'],
    ['CHARGEBACK', 'CHARGEBACK'],
  ])('shows the payment status %s as %s', async (paymentStatus, label) => {
    openMyReservations(
      listOf([buildReservation({ resourceName: 'Cabaña', status: 'completed', paymentStatus })]),
    )

    const card = await findCard('Cabaña')
    expect(within(card).getByText(label)).toBeInTheDocument()
  })

  it('shows a placeholder when the image fails to load', async () => {
    openMyReservations(listOf([buildReservation({ resourceName: 'Cabaña' })]))

    const card = await findCard('Cabaña')
    const image = must(card.querySelector('img'), "card.querySelector('img')")
    expect(image).toHaveAttribute('src', '/media/cabins/cabana-1/1-card.webp')
    // fireEvent: the browser fires an image's load/error, no user does (user-event has neither).
    fireEvent.error(image)
    expect(must(card.querySelector('img'), "card.querySelector('img')").getAttribute('src')).toMatch(
      /^data:image\/svg\+xml/,
    )
  })
})
