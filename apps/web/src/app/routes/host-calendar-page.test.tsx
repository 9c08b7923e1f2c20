import type { Client } from '@cabanas/domain/auth'
import { CALENDAR_API, calendarMessages, type HostCalendar } from '@cabanas/domain/calendar'
import { addDays, dayOfWeek } from '@cabanas/domain/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderApp } from '../../test/render-app'
import { buildClient, checkResponse, storeSession } from '../../test/session'

const host = buildClient({ roles: ['host'] })
const LISTING = 'l-3'
const PAGE = `/anfitrion/cabanas/${LISTING}/calendario?mes=2026-07`

/** July 2026's six-week grid (Sunday 28 June to Saturday 8 August), as the API answers it. */
function july(overrides: Partial<HostCalendar> = {}): HostCalendar {
  const from = '2026-06-28'
  const nights: HostCalendar['nights'] = Array.from({ length: 42 }, (_, i) => {
    const date = addDays(from, i)
    const weekend = [5, 6].includes(dayOfWeek(date))
    return {
      date,
      rate: weekend ? 2_400_00 : 1_800_00,
      kind: weekend ? ('weekend' as const) : ('weekday' as const),
      season: null,
    }
  })
  nights[17] = { date: '2026-07-15', rate: 2_900_00, kind: 'custom', season: null }
  return {
    listingId: LISTING,
    cabinId: 'cab-9',
    cabinName: 'Casa del Lago',
    from,
    to: '2026-08-09',
    today: '2026-07-02',
    rates: { weekdayRate: 1_800_00, weekendRate: 2_400_00 },
    nights,
    blocks: [
      { id: 'b-1', startsOn: '2026-07-20', endsOn: '2026-07-22', note: 'Boda de mi prima', source: 'host' },
    ],
    reservations: [
      { id: 'r-1', checkIn: '2026-07-06', checkOut: '2026-07-08', guestFirstName: 'Lucía', status: 'active' },
    ],
    ...overrides,
  }
}

type Handler = (url: URL, init: RequestInit | undefined) => Response

function open(url: string, handle: Handler, client: Client = host) {
  storeSession(client)
  const fetchMock = mockFetch((requestUrl, init) =>
    requestUrl.pathname === '/auth/check' ? jsonResponse(checkResponse(client)) : handle(requestUrl, init),
  )
  return { fetchMock, ...renderApp(url) }
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({ url: new URL(String(input), window.location.origin), body: init?.body }))

const night = (name: RegExp) => screen.getByRole('button', { name })

async function pick(user: UserEvent, first: RegExp, last: RegExp) {
  await user.click(await screen.findByRole('button', { name: first }))
  await user.click(night(last))
  return screen.findByRole('dialog')
}

describe('HostCalendarPage', () => {
  it('shows each night’s price, the guest’s first name on reserved nights and the blocks with their notes', async () => {
    const { fetchMock } = open(PAGE, (url) =>
      url.pathname === CALENDAR_API.calendar(LISTING)
        ? jsonResponse({ calendar: july() })
        : jsonResponse({}, 404),
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendario' })).toBeInTheDocument()
    expect(await screen.findByText('Casa del Lago')).toBeInTheDocument()
    expect(screen.getByRole('table', { name: 'Julio 2026' })).toBeInTheDocument()
    const [read] = calls(fetchMock, 'GET').filter(
      (call) => call.url.pathname === CALENDAR_API.calendar(LISTING),
    )
    expect(Object.fromEntries(must(read, 'the read of the calendar').url.searchParams)).toEqual({
      from: '2026-06-28',
      to: '2026-08-09',
    })

    const monday = night(/^lunes, 6 de julio de 2026/)
    expect(monday).toHaveAttribute('aria-label', 'lunes, 6 de julio de 2026, reservada por Lucía, $1,800')
    expect(within(monday).getByText('Lucía')).toBeInTheDocument()
    expect(night(/^miércoles, 15 de julio/)).toHaveAccessibleName(/precio especial \$2,900/)
    expect(night(/^lunes, 20 de julio/)).toHaveAccessibleName(/bloqueada: Boda de mi prima/)
    // The past cannot be picked.
    expect(night(/^miércoles, 1 de julio/)).toBeDisabled()

    const agenda = screen.getByRole('region', { name: 'Este mes' })
    expect(within(agenda).getByText('Lucía')).toBeInTheDocument()
    expect(within(agenda).getByText('Boda de mi prima')).toBeInTheDocument()
    expect(within(agenda).getByText('Noches del 20 jul al 21 jul')).toBeInTheDocument()
  })

  it('blocks the nights picked with a private note, then reads the month again', async () => {
    const user = userEvent.setup()
    let blocked = false
    const { fetchMock } = open(PAGE, (url, init) => {
      if (url.pathname === CALENDAR_API.blocks(LISTING) && init?.method === 'POST') {
        blocked = true
        return jsonResponse(
          {
            block: {
              id: 'b-2',
              startsOn: '2026-07-10',
              endsOn: '2026-07-12',
              note: 'Mantenimiento',
              source: 'host',
            },
          },
          201,
        )
      }
      if (url.pathname === CALENDAR_API.calendar(LISTING)) {
        const blocks = july().blocks
        return jsonResponse({
          calendar: july({
            blocks: blocked
              ? [
                  ...blocks,
                  {
                    id: 'b-2',
                    startsOn: '2026-07-10',
                    endsOn: '2026-07-12',
                    note: 'Mantenimiento',
                    source: 'host',
                  },
                ]
              : blocks,
          }),
        })
      }
      return jsonResponse({}, 404)
    })
    const sheet = await pick(user, /^viernes, 10 de julio/, /^sábado, 11 de julio/)
    expect(within(sheet).getByText('2 noches')).toBeInTheDocument()
    await user.clear(within(sheet).getByLabelText('Nota privada (opcional)'))
    await user.type(within(sheet).getByLabelText('Nota privada (opcional)'), ' Mantenimiento ')
    await user.click(within(sheet).getByRole('button', { name: 'Bloquear noches' }))

    expect(await screen.findByText('Listo: 2 noches bloqueadas.')).toHaveAttribute('role', 'status')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    const [post] = calls(fetchMock, 'POST').filter(
      (call) => call.url.pathname === CALENDAR_API.blocks(LISTING),
    )
    expect(JSON.parse(String(must(post, 'the block sent').body))).toEqual({
      startsOn: '2026-07-10',
      endsOn: '2026-07-12',
      note: 'Mantenimiento',
    })
    await waitFor(() =>
      expect(night(/^viernes, 10 de julio/)).toHaveAccessibleName(/bloqueada: Mantenimiento/),
    )
  })

  it('shows the API’s refusal in the sheet and keeps it open', async () => {
    const user = userEvent.setup()
    open(PAGE, (url, init) => {
      if (url.pathname === CALENDAR_API.blocks(LISTING) && init?.method === 'POST')
        return jsonResponse(
          {
            success: false,
            errorType: 'NOT_AVAILABLE',
            error: calendarMessages.overReservation,
            message: calendarMessages.overReservation,
          },
          409,
        )
      if (url.pathname === CALENDAR_API.calendar(LISTING)) return jsonResponse({ calendar: july() })
      return jsonResponse({}, 404)
    })
    const sheet = await pick(user, /^martes, 28 de julio/, /^miércoles, 29 de julio/)
    await user.click(within(sheet).getByRole('button', { name: 'Bloquear noches' }))
    expect(await within(sheet).findByRole('alert')).toHaveTextContent(calendarMessages.overReservation)
    expect(screen.getByRole('dialog')).toBe(sheet)
  })

  it('does not offer to block nights a guest reserved, and unblocks blocked ones', async () => {
    const user = userEvent.setup()
    const { fetchMock } = open(PAGE, (url, init) => {
      if (url.pathname === CALENDAR_API.unblock(LISTING) && init?.method === 'POST')
        return jsonResponse({ nights: 2 })
      if (url.pathname === CALENDAR_API.calendar(LISTING)) return jsonResponse({ calendar: july() })
      return jsonResponse({}, 404)
    })
    const reserved = await pick(user, /^domingo, 5 de julio/, /^lunes, 6 de julio/)
    expect(within(reserved).queryByRole('button', { name: 'Bloquear noches' })).not.toBeInTheDocument()
    expect(within(reserved).getByText('Reservada por Lucía')).toBeInTheDocument()
    await user.click(within(reserved).getByRole('button', { name: 'Cerrar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    const blockedSheet = await pick(user, /^lunes, 20 de julio/, /^martes, 21 de julio/)
    expect(within(blockedSheet).getByText('Bloqueada: Boda de mi prima')).toBeInTheDocument()
    await user.click(within(blockedSheet).getByRole('button', { name: 'Desbloquear noches' }))
    expect(await screen.findByText('Listo: 2 noches desbloqueadas.')).toHaveAttribute('role', 'status')
    const [post] = calls(fetchMock, 'POST').filter(
      (call) => call.url.pathname === CALENDAR_API.unblock(LISTING),
    )
    expect(JSON.parse(String(must(post, 'the unblock sent').body))).toEqual({
      startsOn: '2026-07-20',
      endsOn: '2026-07-22',
    })
  })

  it('prices the nights picked in pesos, refusing what the domain refuses before asking the API', async () => {
    const user = userEvent.setup()
    const { fetchMock } = open(PAGE, (url, init) => {
      if (url.pathname === CALENDAR_API.nightPrices(LISTING) && init?.method === 'PUT')
        return jsonResponse({ nights: 1 })
      if (url.pathname === CALENDAR_API.calendar(LISTING)) return jsonResponse({ calendar: july() })
      return jsonResponse({}, 404)
    })
    const sheet = await pick(user, /^viernes, 24 de julio/, /^viernes, 24 de julio/)
    expect(within(sheet).getByText('1 noche')).toBeInTheDocument()
    const price = within(sheet).getByLabelText('Precio de cada noche, en pesos')
    await user.clear(price)
    await user.type(price, '50')
    await user.click(within(sheet).getByRole('button', { name: 'Guardar precio' }))
    expect(await within(sheet).findByText(calendarMessages.rateMin)).toBeInTheDocument()
    expect(calls(fetchMock, 'PUT')).toEqual([])

    await user.clear(price)
    await user.type(price, '3,250')
    await user.click(within(sheet).getByRole('button', { name: 'Guardar precio' }))
    expect(await screen.findByText('Listo: precio guardado para 1 noche.')).toHaveAttribute('role', 'status')
    const [put] = calls(fetchMock, 'PUT')
    expect(JSON.parse(String(must(put, 'the price sent').body))).toEqual({
      startsOn: '2026-07-24',
      endsOn: '2026-07-25',
      nightlyRate: 3_250_00,
    })
  })

  it('moves between months, reading each one', async () => {
    const user = userEvent.setup()
    const { fetchMock, router } = open(PAGE, (url) =>
      url.pathname === CALENDAR_API.calendar(LISTING)
        ? jsonResponse({ calendar: july() })
        : jsonResponse({}, 404),
    )
    await user.click(await screen.findByRole('button', { name: 'Mes siguiente' }))
    await waitFor(() => expect(router.state.location.search).toBe('?mes=2026-08'))
    await waitFor(() =>
      expect(calls(fetchMock, 'GET').some((call) => call.url.searchParams.get('from') === '2026-07-26')).toBe(
        true,
      ),
    )
  })

  it('is used from the keyboard: one night in the tab order, arrows move between the nights that can be changed', async () => {
    const user = userEvent.setup()
    open(PAGE, (url) =>
      url.pathname === CALENDAR_API.calendar(LISTING)
        ? jsonResponse({ calendar: july() })
        : jsonResponse({}, 404),
    )
    const table = await screen.findByRole('table', { name: 'Julio 2026' })
    const tabbable = within(table)
      .getAllByRole('button')
      .filter((button) => button.tabIndex === 0)
    // Today (2 July) is the first night that can be picked.
    expect(tabbable.map((button) => button.getAttribute('aria-label'))).toEqual([
      'jueves, 2 de julio de 2026, libre, $1,800, hoy',
    ])
    must(tabbable[0], 'the tabbable night').focus()
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toHaveAccessibleName(/^jueves, 9 de julio/)
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement).toHaveAccessibleName(/^miércoles, 8 de julio/)
    // Nights already past are not reached.
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(document.activeElement).toHaveAccessibleName(/^miércoles, 8 de julio/)
  })

  it('says so when the listing is not published yet', async () => {
    open(PAGE, (url) =>
      url.pathname === CALENDAR_API.calendar(LISTING)
        ? jsonResponse(
            {
              success: false,
              errorType: 'CONFLICT',
              error: calendarMessages.notPublished,
              message: calendarMessages.notPublished,
            },
            409,
          )
        : jsonResponse({}, 404),
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(calendarMessages.notPublished)
  })
})
