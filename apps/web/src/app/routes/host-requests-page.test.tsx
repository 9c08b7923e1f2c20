import { type HostRequest, hostRequestMessages } from '@cabanas/domain/bookings'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderSignedIn } from '../../test/render-app'
import { buildClient } from '../../test/session'

type Handler = (url: URL, init: RequestInit | undefined) => Response

const host = buildClient({ roles: ['host'] })
const HOUR = 3_600_000

function open(path: string, handle: Handler) {
  return renderSignedIn(host, path, handle)
}

function request(overrides: Partial<HostRequest> = {}): HostRequest {
  return {
    requestId: '7c0f4a52-1111-4c4c-9a9a-000000000001',
    cabinId: 'cabin-1',
    cabinName: 'Cabaña El Ocote',
    guestFirstName: 'Ana',
    checkIn: '2027-01-04',
    checkOut: '2027-01-06',
    nights: 2,
    guests: 2,
    totalPrice: 3_360_00,
    hostAmount: 3_000_00,
    status: 'pending',
    createdAt: new Date(Date.now() - 2 * HOUR).toISOString(),
    answerBy: new Date(Date.now() + 5 * HOUR + 10 * 60_000).toISOString(),
    payBy: null,
    declineMessage: null,
    reservationId: null,
    ...overrides,
  }
}

describe('HostRequestsPage (the inbox)', () => {
  it('lists pending requests with the guest, the stay, what the host receives and the time left', async () => {
    const { fetchMock } = open('/anfitrion/solicitudes', (url) =>
      url.pathname === '/api/hosts/me/requests'
        ? jsonResponse({ success: true, data: { requests: [request()] } })
        : jsonResponse({}, 404),
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Solicitudes' })).toBeInTheDocument()
    const card = must(
      (await screen.findByText('Ana · Cabaña El Ocote')).closest('a'),
      "(await screen.findByText('Ana · Cabaña El Ocote')).closest('a')",
    )
    expect(within(card).getByText('Quedan 5 h')).toBeInTheDocument()
    expect(within(card).getByText('Pendiente')).toBeInTheDocument()
    expect(within(card).getByText('$3,000')).toBeInTheDocument()
    expect(card).toHaveAttribute('href', '/anfitrion/solicitudes/7c0f4a52-1111-4c4c-9a9a-000000000001')
    // The pending tab asks for pending requests.
    const asked = fetchMock.mock.calls
      .map(([input]) => String(input))
      .find((u) => u.includes('/api/hosts/me/requests'))
    expect(asked).toContain('status=pending')
    expect(screen.getByRole('link', { name: 'Pendientes' })).toHaveAttribute('aria-current', 'page')
  })

  it('accepts from the detail: the request shows as accepted, with no more answer buttons', async () => {
    const user = userEvent.setup()
    open(`/anfitrion/solicitudes/${request().requestId}`, (url, init) => {
      if (url.pathname.endsWith('/accept') && init?.method === 'POST') {
        const payBy = new Date(Date.now() + 24 * HOUR).toISOString()
        return jsonResponse({ success: true, data: request({ status: 'accepted', payBy }) })
      }
      if (url.pathname === `/api/hosts/me/requests/${request().requestId}`) {
        return jsonResponse({ success: true, data: request() })
      }
      return jsonResponse({ success: true, data: { requests: [] } })
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Solicitud de Ana' })).toBeInTheDocument()
    expect(screen.getByText('Recibirás')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Aceptar' }))
    expect(await screen.findByText('Aceptaste esta solicitud')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Aceptar' })).not.toBeInTheDocument()
  })

  it('shows the API’s Spanish refusal when the nights are no longer free', async () => {
    const user = userEvent.setup()
    open(`/anfitrion/solicitudes/${request().requestId}`, (url, init) => {
      if (url.pathname.endsWith('/accept') && init?.method === 'POST') {
        return jsonResponse(
          {
            success: false,
            errorType: 'CONFLICT',
            message: hostRequestMessages.nightsTaken,
            error: hostRequestMessages.nightsTaken,
          },
          409,
        )
      }
      return jsonResponse({ success: true, data: request() })
    })
    await user.click(await screen.findByRole('button', { name: 'Aceptar' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(hostRequestMessages.nightsTaken),
    )
  })
})
