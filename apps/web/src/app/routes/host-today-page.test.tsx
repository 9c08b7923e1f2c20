import type { Client } from '@cabanas/domain/auth'
import type { HostToday } from '@cabanas/domain/hosts'
import { addDays, calendarDateIn } from '@cabanas/domain/shared'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderSignedIn } from '../../test/render-app'
import { buildClient } from '../../test/session'

type Handler = (url: URL, init: RequestInit | undefined) => Response

const host = buildClient({ roles: ['host'] })

function open(client: Client, handle: Handler, path = '/anfitrion/hoy') {
  return renderSignedIn(client, path, handle)
}

const today = calendarDateIn(new Date())
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString()

const empty: HostToday = {
  today,
  until: addDays(today, 7),
  arrivals: [],
  departures: [],
  requests: [],
  recentBookings: [],
  conflicts: [],
  counts: {
    arrivalsToday: 0,
    departuresToday: 0,
    arrivals: 0,
    departures: 0,
    requests: 0,
    urgentRequests: 0,
    recentBookings: 0,
    conflicts: 0,
  },
}

const stay = (id: string, guestFirstName: string, checkIn: string, checkOut: string, day: string) => ({
  reservationId: id,
  cabinName: 'Refugio del Lago',
  guestFirstName,
  guests: 2,
  nights: 2,
  checkIn,
  checkOut,
  day,
})

const busy: HostToday = {
  ...empty,
  arrivals: [stay('r-1', 'Lucía', today, addDays(today, 2), today)],
  departures: [stay('r-2', 'Mateo', addDays(today, -1), addDays(today, 1), addDays(today, 1))],
  requests: [
    {
      requestId: 'q-1',
      cabinName: 'Cabaña del Bosque',
      checkIn: '2026-07-10',
      checkOut: '2026-07-12',
      nights: 2,
      guests: 3,
      totalPrice: 4_500_00,
      createdAt: inHours(-18.5),
      deadline: inHours(5.5),
    },
    {
      requestId: 'q-2',
      cabinName: 'Cabaña del Río',
      checkIn: '2026-08-01',
      checkOut: '2026-08-04',
      nights: 3,
      guests: 2,
      totalPrice: 6_000_00,
      createdAt: inHours(-4),
      deadline: inHours(20),
    },
  ],
  recentBookings: [
    {
      reservationId: 'r-3',
      cabinName: 'Refugio del Lago',
      guestFirstName: 'Sofía',
      guests: 4,
      nights: 3,
      checkIn: '2026-09-01',
      checkOut: '2026-09-04',
      totalPrice: 7_200_00,
      createdAt: inHours(-30),
    },
  ],
  conflicts: [
    {
      id: 'c-1',
      cabinName: 'Refugio del Lago',
      listingId: 'listing-9',
      feedName: 'Airbnb',
      startsOn: '2026-07-20',
      endsOn: '2026-07-23',
      over: 'reservation',
    },
  ],
  counts: {
    arrivalsToday: 1,
    departuresToday: 0,
    arrivals: 1,
    departures: 1,
    requests: 2,
    urgentRequests: 1,
    recentBookings: 1,
    conflicts: 1,
  },
}

const section = (name: RegExp) => screen.getByRole('region', { name })

describe('HostTodayPage', () => {
  it('shows arrivals, departures, requests with their time left, recent bookings and conflicts', async () => {
    const { fetchMock, token } = open(host, (url) =>
      url.pathname === '/api/hosts/me/today'
        ? jsonResponse({ success: true, data: busy })
        : jsonResponse({}, 404),
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Hoy' })).toBeInTheDocument()
    expect(await screen.findByText('Lucía')).toBeInTheDocument()
    const call = must(
      fetchMock.mock.calls.find(([input]) => String(input).includes('/api/hosts/me/today')),
      "fetchMock.mock.calls.find(([input]) => String(input).includes('/api...",
    )
    expect(new Headers(call[1]?.headers).get('authorization')).toBe(`Bearer ${token}`)

    const arrivals = section(/^Llegadas/)
    expect(within(arrivals).getByText('Hoy')).toBeInTheDocument()
    expect(within(arrivals).getByText('2 huéspedes · 2 noches')).toBeInTheDocument()
    expect(within(section(/^Salidas/)).getByText('Mañana')).toBeInTheDocument()
    expect(within(section(/^Salidas/)).getByText('Mateo')).toBeInTheDocument()

    const requests = section(/^Solicitudes por responder/)
    const urgent = within(requests).getByText('Quedan 5 h')
    expect(urgent.className).toMatch(/red/)
    const calm = within(requests).getByText('Quedan 19 h')
    expect(calm.className).not.toMatch(/red/)
    expect(within(requests).getByText('$4,500')).toBeInTheDocument()
    for (const link of within(requests).getAllByRole('link', { name: /Responder|Ver solicitudes/ })) {
      expect(link).toHaveAttribute('href', '/anfitrion/solicitudes')
    }

    const recent = section(/^Reservas recientes/)
    expect(within(recent).getByText('Sofía')).toBeInTheDocument()
    expect(within(recent).getByText('$7,200')).toBeInTheDocument()

    const conflicts = section(/^Conflictos de calendario/)
    expect(within(conflicts).getByText('Airbnb: 20 – 23 jul')).toBeInTheDocument()
    expect(within(conflicts).getByText('Se cruza con una reserva')).toBeInTheDocument()
    expect(within(conflicts).getByRole('link', { name: 'Revisar calendario' })).toHaveAttribute(
      'href',
      '/anfitrion/cabanas/listing-9/calendario',
    )
  })

  it('says so, kindly, when there is nothing to do', async () => {
    open(host, (url) =>
      url.pathname === '/api/hosts/me/today'
        ? jsonResponse({ success: true, data: empty })
        : jsonResponse({}, 404),
    )
    expect(await screen.findByText('Nadie llega en los próximos 7 días.')).toBeInTheDocument()
    expect(screen.getByText('Nadie sale en los próximos 7 días.')).toBeInTheDocument()
    expect(screen.getByText('No tienes solicitudes por responder.')).toBeInTheDocument()
    expect(screen.getByText('No hubo reservas nuevas en los últimos 7 días.')).toBeInTheDocument()
    expect(screen.getByText('Tus calendarios importados no tienen conflictos.')).toBeInTheDocument()
  })

  it('offers to try again when the day cannot be read', async () => {
    const user = userEvent.setup()
    let failing = true
    open(host, (url) => {
      if (url.pathname !== '/api/hosts/me/today') return jsonResponse({}, 404)
      return failing
        ? jsonResponse({ success: false, errorType: 'INTERNAL', message: 'Error' }, 500)
        : jsonResponse({ success: true, data: empty })
    })
    await screen.findByText('No se pudo cargar tu día.')
    failing = false
    await user.click(await screen.findByRole('button', { name: 'Reintentar' }))
    expect(await screen.findByText('No tienes solicitudes por responder.')).toBeInTheDocument()
  })

  it('is the first entry of a host’s menu', async () => {
    const user = userEvent.setup()
    open(host, () => jsonResponse({ success: true, data: empty }), '/')
    // The home page first, as a guest sees it: the header of the loading frame is replaced by the page's.
    await screen.findByRole('heading', { level: 1 })
    await user.click(screen.getByRole('button', { name: /Menú de usuario/ }))
    const links = within(screen.getByRole('navigation', { name: 'Anfitrión' })).getAllByRole('link')
    expect(must(links[0], 'links[0]').textContent).toBe('Hoy')
    expect(links[0]).toHaveAttribute('href', '/anfitrion/hoy')
  })

  it('sends a client who is not a host to the host profile form', async () => {
    open(buildClient({ roles: [] }), () => jsonResponse({}, 404))
    expect(
      await screen.findByRole('heading', { level: 1, name: /Publica tu cabaña|Perfil de anfitrión/ }),
    ).toBeInTheDocument()
  })
})
