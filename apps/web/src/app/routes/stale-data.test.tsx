import { CALENDAR_API, type HostCalendar } from '@cabanas/domain/calendar'
import type { ReservationDetails } from '@cabanas/domain/reservations'
import { reservationPricing } from '@cabanas/domain/reservations'
import { addDays } from '@cabanas/domain/shared'
import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { jsonResponse } from '../../test/fetch-mock'
import { renderSignedIn } from '../../test/render-app'
import { buildClient, buildReservation } from '../../test/session'
import { staleDataTexts } from '../providers'

// A refresh of what a page shows (after a change, or back on a page whose data went stale) that fails
// for the network keeps the page and says it may be out of date; a refresh the server refuses shows
// the refusal (lib/query-failure.ts).

const ID = '5f3c1a2b-0000-4000-8000-00000000abcd'

const trip: ReservationDetails = {
  ...buildReservation({ _id: ID, resourceName: 'Cabaña Los Pinos', total: 7_616_00 }),
  url: `/reserva/${ID}`,
  cabin: { image: null, address: 'Tapalpa, Jalisco', latitude: 19.9446, longitude: -103.7581 },
  cancellationPolicy: 'non_refundable',
  cancellation: { phase: 'penalty', deadline: null, startsAt: '2026-08-07T21:00:00.000Z', refund: 0 },
  pricing: reservationPricing({ totalPrice: 7_616_00, serviceCommission: 816_00, nights: 2 }),
}

type Outage = 'none' | 'network' | 'gone'

/** The guest's trip page; `outage()` says how the API answers from then on. */
async function openTrip() {
  let outage: Outage = 'none'
  const page = renderSignedIn(buildClient(), `/reserva/${ID}`, (url) => {
    if (url.pathname !== `/api/bookings/${ID}`) return jsonResponse({})
    if (outage === 'network') throw new TypeError('Failed to fetch')
    if (outage === 'gone') {
      return jsonResponse(
        { success: false, error: 'La reserva no fue encontrada', errorType: 'RESERVATION_NOT_FOUND' },
        404,
      )
    }
    return jsonResponse({ success: true, data: trip })
  })
  expect(await screen.findByRole('heading', { level: 1, name: 'Cabaña Los Pinos' })).toBeInTheDocument()
  return {
    ...page,
    /** From now on the API answers this way; the trip is read again. */
    async refreshWith(next: Outage) {
      outage = next
      await act(() => page.queryClient.refetchQueries({ type: 'active' }))
      await waitFor(() =>
        expect(
          page.queryClient
            .getQueryCache()
            .getAll()
            .some((q) => q.state.status === 'error'),
        ).toBe(true),
      )
    },
  }
}

describe('a page whose refresh fails', () => {
  it('keeps the trip on screen when the network fails, and says it may be out of date', async () => {
    const page = await openTrip()
    await page.refreshWith('network')

    expect(screen.getByRole('heading', { level: 1, name: 'Cabaña Los Pinos' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'No pudimos abrir esta reserva' })).not.toBeInTheDocument()
    expect(await screen.findByText(staleDataTexts.title, {}, { timeout: 4_000 })).toBeInTheDocument()
    expect(screen.getByText(staleDataTexts.description)).toBeInTheDocument()
  })

  it('shows the refusal when the server no longer lets the trip be read', async () => {
    const page = await openTrip()
    await page.refreshWith('gone')

    // Signed in, without the mailed link: the screen says how to open it.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abre tu reserva con el enlace de tu correo' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Cabaña Los Pinos' })).not.toBeInTheDocument()
  })

  it('keeps a host’s calendar on screen when its refresh fails for the network', async () => {
    const listingId = 'l-3'
    let isDown = false
    const calendar: HostCalendar = {
      listingId,
      cabinId: 'cab-9',
      cabinName: 'Casa del Lago',
      from: '2026-06-28',
      to: '2026-08-09',
      today: '2026-07-02',
      rates: { weekdayRate: 1_800_00, weekendRate: 2_400_00 },
      nights: Array.from({ length: 42 }, (_, i) => ({
        date: addDays('2026-06-28', i),
        rate: 1_800_00,
        kind: 'weekday' as const,
        season: null,
      })),
      blocks: [],
      reservations: [],
    }
    const { queryClient } = renderSignedIn(
      buildClient({ roles: ['host'] }),
      `/anfitrion/cabanas/${listingId}/calendario?mes=2026-07`,
      (url) => {
        if (url.pathname !== CALENDAR_API.calendar(listingId)) return jsonResponse({}, 404)
        if (isDown) throw new TypeError('Failed to fetch')
        return jsonResponse({ calendar })
      },
    )
    expect(await screen.findByRole('table', { name: 'Julio 2026' })).toBeInTheDocument()

    isDown = true
    await act(() => queryClient.refetchQueries({ type: 'active' }))
    await waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .getAll()
          .some((q) => q.state.status === 'error'),
      ).toBe(true),
    )
    expect(screen.getByRole('table', { name: 'Julio 2026' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
