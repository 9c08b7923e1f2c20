import { CALENDAR_API, type CalendarSyncResponse, calendarSyncMessages } from '@cabanas/domain/calendar'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { renderApp } from '../../test/render-app'
import { buildClient, checkResponse, storeSession } from '../../test/session'

const host = buildClient({ roles: ['host'] })
const LISTING = 'l-7'
const PAGE = `/anfitrion/cabanas/${LISTING}/calendario?mes=2026-07`
const EXPORT_URL = 'https://cabanas.mx/api/calendars/qDwBu03PHqFOETJz4WiL8UGX4UnzMcAb.ics'

function syncAnswer(overrides: Partial<CalendarSyncResponse> = {}): CalendarSyncResponse {
  return {
    exportUrl: EXPORT_URL,
    feeds: [
      {
        id: 'f-1',
        name: 'Airbnb',
        url: 'https://www.airbnb.mx/calendar/ical/1.ics',
        status: 'ok',
        lastSyncedAt: '2026-07-02T18:05:00.000Z',
        lastSuccessAt: '2026-07-02T18:05:00.000Z',
        lastError: null,
      },
      {
        id: 'f-2',
        name: 'Booking.com',
        url: 'https://admin.booking.com/ical/2.ics',
        status: 'error',
        lastSyncedAt: '2026-07-02T18:05:00.000Z',
        lastSuccessAt: null,
        lastError: calendarSyncMessages.failure.timeout,
      },
    ],
    conflicts: [
      {
        id: 'c-1',
        feedId: 'f-1',
        feedName: 'Airbnb',
        startsOn: '2026-07-11',
        endsOn: '2026-07-13',
        over: 'reservation',
        detectedAt: '2026-07-02T18:05:00.000Z',
      },
    ],
    ...overrides,
  }
}

function open(handle: (url: URL, init: RequestInit | undefined) => Response) {
  storeSession(host)
  const fetchMock = mockFetch((url, init) =>
    url.pathname === '/auth/check' ? jsonResponse(checkResponse(host)) : handle(url, init),
  )
  renderApp(PAGE)
  return fetchMock
}

describe('Sincronizar calendarios', () => {
  it('shows the export address, each imported calendar with its state and Spanish reason, and the conflicts', async () => {
    open((url) =>
      url.pathname === CALENDAR_API.sync(LISTING) ? jsonResponse(syncAnswer()) : jsonResponse({}, 404),
    )
    const section = await screen.findByRole('region', { name: 'Sincronizar calendarios' })
    expect(
      ((await within(section).findByLabelText('Dirección de exportación')) as HTMLInputElement).value,
    ).toBe(EXPORT_URL)
    const airbnb = within(section).getByRole('listitem', { name: 'Airbnb' })
    expect(within(airbnb).getByText('OK')).toBeInTheDocument()
    expect(airbnb).toHaveTextContent('Última sincronización: 2 de julio de 2026, 12:05')
    const booking = within(section).getByRole('listitem', { name: 'Booking.com' })
    expect(within(booking).getByText('Error')).toBeInTheDocument()
    expect(within(booking).getByText(calendarSyncMessages.failure.timeout)).toBeInTheDocument()
    expect(section).toHaveTextContent('Airbnb: del 11 de julio de 2026 al 13 de julio de 2026')
  })

  it('asks before making a new address, then shows it', async () => {
    const user = userEvent.setup()
    let regenerated = false
    const fetchMock = open((url, init) => {
      if (url.pathname === CALENDAR_API.exportAddress(LISTING) && init?.method === 'POST') {
        regenerated = true
        return jsonResponse({ exportUrl: `${EXPORT_URL}x` })
      }
      if (url.pathname === CALENDAR_API.sync(LISTING))
        return jsonResponse(
          syncAnswer(regenerated ? { exportUrl: 'https://cabanas.mx/api/calendars/nueva.ics' } : {}),
        )
      return jsonResponse({}, 404)
    })
    await user.click(await screen.findByRole('button', { name: 'Generar una nueva dirección' }))
    const dialog = await screen.findByRole('dialog', { name: '¿Cambiar la dirección?' })
    expect(regenerated).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Generar nueva dirección' }))
    await waitFor(() =>
      expect(screen.getByLabelText('Dirección de exportación')).toHaveValue(
        'https://cabanas.mx/api/calendars/nueva.ics',
      ),
    )
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/calendar/export'))).toBe(true)
  })

  it('adds a calendar and shows the server’s Spanish refusal', async () => {
    const user = userEvent.setup()
    open((url, init) => {
      if (url.pathname === CALENDAR_API.feeds(LISTING) && init?.method === 'POST')
        return jsonResponse(
          {
            success: false,
            error: calendarSyncMessages.tooManyFeeds,
            errorType: 'CONFLICT',
            message: calendarSyncMessages.tooManyFeeds,
          },
          409,
        )
      if (url.pathname === CALENDAR_API.sync(LISTING)) return jsonResponse(syncAnswer())
      return jsonResponse({}, 404)
    })
    await user.clear(await screen.findByLabelText('Nombre'))
    await user.type(screen.getByLabelText('Nombre'), 'Vrbo')
    await user.clear(screen.getByLabelText('Dirección del calendario (iCal)'))
    await user.type(
      screen.getByLabelText('Dirección del calendario (iCal)'),
      'https://www.vrbo.com/icalendar/1.ics',
    )
    await user.click(screen.getByRole('button', { name: 'Agregar calendario' }))
    expect(
      (await screen.findByText(calendarSyncMessages.tooManyFeeds)).closest('[role="alert"]'),
    ).toBeInTheDocument()
  })
})
