import type { ReservationDetails } from '@cabanas/domain/reservations'
import { reservationPricing } from '@cabanas/domain/reservations'
import type { QueryClient } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { staleNoticeTexts } from '../../components/ui/stale-notice'
import { jsonResponse } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { buildOperatorPayout } from '../../test/operator-fixtures'
import { renderSignedIn } from '../../test/render-app'
import { buildClient, buildReservation } from '../../test/session'

// A refresh of what a screen shows that fails in passing (no connection, a busy server, our rate limit)
// keeps the screen, says how old it is and holds what acts on it (a cancellation, a payment); a refresh
// the server refuses (the data is gone, no longer yours) shows the refusal (lib/query-failure.ts).

type Outage = 'none' | 'network' | 'busy' | 'gone'

/** The API's answer while `outage` lasts, or null for the page's own answer. */
function outageAnswer(outage: Outage): Response | null {
  if (outage === 'network') throw new TypeError('Failed to fetch')
  if (outage === 'busy') {
    return jsonResponse({ success: false, error: 'Demasiadas solicitudes', errorType: 'RATE_LIMITED' }, 429)
  }
  if (outage === 'gone') {
    return jsonResponse({ success: false, error: 'No encontrado', errorType: 'RESERVATION_NOT_FOUND' }, 404)
  }
  return null
}

/** Reads the screen's queries again, once no first read is under way, and waits for the failure. */
async function refresh(queryClient: QueryClient) {
  await waitFor(() => expect(queryClient.isFetching()).toBe(0))
  await act(() => queryClient.refetchQueries({ type: 'active' }))
  await waitFor(() =>
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status === 'error'),
    ).toBe(true),
  )
}

const ID = '5f3c1a2b-0000-4000-8000-00000000abcd'

const trip: ReservationDetails = {
  ...buildReservation({ _id: ID, resourceName: 'Cabaña Los Pinos', total: 7_616_00 }),
  url: `/reserva/${ID}`,
  cabin: { image: null, address: 'Tapalpa, Jalisco', latitude: 19.9446, longitude: -103.7581 },
  cancellationPolicy: 'non_refundable',
  cancellation: { phase: 'penalty', deadline: null, startsAt: '2026-08-07T21:00:00.000Z', refund: 0 },
  pricing: reservationPricing({ totalPrice: 7_616_00, serviceCommission: 816_00, nights: 2 }),
}

/** The guest's trip page; `outage` says how the API answers from then on. */
async function openTrip() {
  const state = { outage: 'none' as Outage }
  const page = renderSignedIn(buildClient(), `/reserva/${ID}`, (url) => {
    if (url.pathname !== `/api/bookings/${ID}`) return jsonResponse({})
    return outageAnswer(state.outage) ?? jsonResponse({ success: true, data: trip })
  })
  expect(await screen.findByRole('heading', { level: 1, name: 'Cabaña Los Pinos' })).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Cancelar reserva' })).toBeEnabled()
  return { ...page, state }
}

describe('a screen whose refresh fails', () => {
  it.each([
    ['the network fails', 'network'],
    ['the server is busy (429)', 'busy'],
  ] as const)('keeps the trip when %s, says how old it is and holds the cancellation', async (_, outage) => {
    const page = await openTrip()
    page.state.outage = outage
    await refresh(page.queryClient)

    expect(screen.getByRole('heading', { level: 1, name: 'Cabaña Los Pinos' })).toBeInTheDocument()
    expect(
      await screen.findByText(
        'Lo que ves es de hace un momento y puede haber cambiado. Para cancelar tu reserva, primero toca «Reintentar».',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cancelar reserva' })).toBeDisabled()
  })

  it("lets the trip be cancelled again once 'Reintentar' reads it", async () => {
    const user = userEvent.setup()
    const page = await openTrip()
    page.state.outage = 'network'
    await refresh(page.queryClient)
    expect(await screen.findByText(/^Lo que ves es de hace un momento/)).toBeInTheDocument()

    page.state.outage = 'none'
    await user.click(screen.getByRole('button', { name: staleNoticeTexts.retry }))

    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancelar reserva' })).toBeEnabled())
    expect(screen.queryByText(/^Lo que ves es de hace un momento/)).not.toBeInTheDocument()
  })

  it('shows the refusal when the server no longer lets the trip be read', async () => {
    const page = await openTrip()
    page.state.outage = 'gone'
    await refresh(page.queryClient)

    // Signed in, without the mailed link: the screen says how to open it.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abre tu reserva con el enlace de tu correo' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Cabaña Los Pinos' })).not.toBeInTheDocument()
  })

  it("holds the operator's payments while the list of payouts owed may be out of date", async () => {
    const owed = buildOperatorPayout()
    const state = { outage: 'none' as Outage }
    const page = renderSignedIn(buildClient({ roles: ['operator'] }), '/operador/pagos', (url) =>
      url.pathname === '/api/operator/payouts'
        ? (outageAnswer(state.outage) ?? jsonResponse({ success: true, data: { payouts: [owed] } }))
        : jsonResponse({}, 404),
    )
    const row = must(
      (await screen.findByRole('heading', { name: 'Glamping Bravo' })).closest('article'),
      'the row of Glamping Bravo',
    )
    expect(within(row).getByRole('button', { name: /Pagar por transferencia/ })).toBeEnabled()

    // The operator opens the transfer, and meanwhile the list cannot be read again (a payment that
    // failed refreshes it, and so may a reconnection).
    const user = userEvent.setup()
    await user.click(within(row).getByRole('button', { name: /Pagar por transferencia/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Pagar por transferencia' })
    expect(within(dialog).getByRole('button', { name: 'Transferir $7,250' })).toBeEnabled()
    state.outage = 'network'
    await refresh(page.queryClient)

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Cierra esta ventana y toca «Reintentar» antes de continuar.',
    )
    expect(within(dialog).getByRole('button', { name: 'Transferir $7,250' })).toBeDisabled()
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(
      await screen.findByText(/Para pagar o consultar una transferencia, primero toca «Reintentar»\.$/),
    ).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: /Pagar por transferencia/ })).toBeDisabled()
    expect(within(row).getByRole('button', { name: /Marcar como pagado/ })).toBeDisabled()
  })
})
