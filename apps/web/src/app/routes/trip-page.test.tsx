import { publicPaths } from '@cabanas/contracts/routes'
import { type ReservationDetails, reservationPricing, tripLinkMessages } from '@cabanas/domain/reservations'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderApp } from '../../test/render-app'
import { buildReservation, checkResponse, storeSession } from '../../test/session'
import { paths } from '../paths'

const ID = '5f3c1a2b-0000-4000-8000-00000000abcd'
const SECRET = 'Zk3_secreto-del-enlace-de-prueba'

function buildTrip(overrides: Partial<ReservationDetails> = {}): ReservationDetails {
  return {
    ...buildReservation({ _id: ID, resourceName: 'Cabaña Los Pinos', total: 7_616_00 }),
    url: `/reserva/${ID}`,
    cabin: {
      image: { url: '/media/cabins/los-pinos/1.webp', alt: 'Fachada de Cabaña Los Pinos' },
      address: 'Tapalpa, Jalisco',
      latitude: 19.9446,
      longitude: -103.7581,
    },
    cancellationPolicy: 'non_refundable',
    cancellation: { phase: 'penalty', deadline: null, startsAt: '2026-08-07T21:00:00.000Z', refund: 0 },
    pricing: reservationPricing({ totalPrice: 7_616_00, serviceCommission: 816_00, nights: 2 }),
    ...overrides,
  }
}

/** A free-cancellation stay (arrival 7 Aug 2026) as the API describes it in each phase. */
const freeTrip = (phase: 'free' | 'penalty' | 'started') =>
  buildTrip({
    cancellationPolicy: 'free',
    cancellation: {
      phase,
      deadline: '2026-08-06T21:00:00.000Z',
      startsAt: '2026-08-07T21:00:00.000Z',
      refund: phase === 'free' ? 7_616_00 : 0,
    },
  })

type Answer = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>

/** Opens `url`; the reservation API answers with `trip` (or `answer`), everything else with {}. */
function openTrip(
  url: string,
  { trip = buildTrip(), answer }: { trip?: ReservationDetails; answer?: Answer } = {},
) {
  const fetchMock = mockFetch((requestUrl, init) => {
    if (answer && requestUrl.pathname.startsWith('/api/bookings/')) return answer(requestUrl, init)
    if (requestUrl.pathname === `/api/bookings/${ID}`) return jsonResponse({ success: true, data: trip })
    return jsonResponse({})
  })
  return { ...renderApp(url), fetchMock }
}

/** What this browser keeps for the trip (local storage, shared by its tabs). */
const storedToken = () => JSON.parse(localStorage.getItem(`cabanas.trip.${ID}`) ?? 'null')?.token

const headersOf = (init: RequestInit | undefined) => (init?.headers ?? {}) as Record<string, string>
const callsTo = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input), window.location.origin).pathname === path)

afterEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})

describe('TripPage', () => {
  it('opens with the secret link, then takes the token out of the address and keeps it in the browser', async () => {
    const consoles = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level),
    )
    const { router, fetchMock } = openTrip(`/reserva/${ID}?token=${SECRET}`)

    expect(await screen.findByRole('heading', { level: 1, name: 'Cabaña Los Pinos' })).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(router.state.location.pathname).toBe(`/reserva/${ID}`)
    expect(router.state.historyAction).toBe('REPLACE')
    expect(storedToken()).toBe(SECRET)
    const [, init] = must(callsTo(fetchMock, `/api/bookings/${ID}`)[0], 'the request for the trip')
    expect(headersOf(init)['X-Reservation-Token']).toBe(SECRET)
    for (const [input] of fetchMock.mock.calls) expect(String(input)).not.toContain(SECRET)
    for (const spy of consoles) {
      expect(JSON.stringify(spy.mock.calls)).not.toContain(SECRET)
      spy.mockRestore()
    }
  })

  it('opens with a mailed link’s fragment (#token=), taken out of the address before the trip is asked for', async () => {
    let addressWhenAsked = ''
    const { router, fetchMock } = openTrip(`/reserva/${ID}#token=${SECRET}`, {
      answer: () => {
        addressWhenAsked = `${router.state.location.pathname}${router.state.location.hash}`
        return jsonResponse({ success: true, data: buildTrip() })
      },
    })

    expect(await screen.findByRole('heading', { level: 1, name: 'Cabaña Los Pinos' })).toBeInTheDocument()
    expect(addressWhenAsked).toBe(`/reserva/${ID}`)
    expect(router.state.location.hash).toBe('')
    expect(router.state.historyAction).toBe('REPLACE')
    expect(storedToken()).toBe(SECRET)
    const [, init] = must(callsTo(fetchMock, `/api/bookings/${ID}`)[0], 'the request for the trip')
    expect(headersOf(init)['X-Reservation-Token']).toBe(SECRET)
    for (const [input] of fetchMock.mock.calls) expect(String(input)).not.toContain(SECRET)
  })

  it('opens the bare address in a new tab of the same browser once a link has opened it', async () => {
    openTrip(`/reserva/${ID}#token=${SECRET}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Cabaña Los Pinos' })).toBeInTheDocument()
    cleanup()
    // A new tab: its own (empty) session storage, the browser's local storage, the address as copied.
    sessionStorage.clear()
    const { fetchMock } = openTrip(`/reserva/${ID}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Cabaña Los Pinos' })).toBeInTheDocument()
    const [, init] = must(callsTo(fetchMock, `/api/bookings/${ID}`)[0], 'the request for the trip')
    expect(headersOf(init)['X-Reservation-Token']).toBe(SECRET)
  })

  it('opens with a link followed over the page that could not open the trip (only the fragment changes)', async () => {
    const { router, fetchMock } = openTrip(`/reserva/${ID}`, {
      answer: (_, init) =>
        new Headers(init?.headers).get('X-Reservation-Token') === SECRET
          ? jsonResponse({ success: true, data: buildTrip() })
          : jsonResponse({ success: false, error: 'La reserva no fue encontrada' }, 404),
    })
    await screen.findByRole('heading', { level: 1, name: 'Abre tu reserva con el enlace de tu correo' })
    await router.navigate(`/reserva/${ID}#token=${SECRET}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Cabaña Los Pinos' })).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.hash).toBe(''))
    expect(storedToken()).toBe(SECRET)
    expect(callsTo(fetchMock, `/api/bookings/${ID}`).length).toBeGreaterThanOrEqual(2)
  })

  it('says how to open the trip when this browser holds no link for it, and signs in back to it', async () => {
    const user = userEvent.setup()
    const { router, fetchMock } = openTrip(`/reserva/${ID}`, {
      answer: () =>
        jsonResponse(
          { success: false, error: 'La reserva no fue encontrada', errorType: 'RESERVATION_NOT_FOUND' },
          404,
        ),
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Abre tu reserva con el enlace de tu correo' }),
    ).toBeInTheDocument()
    expect(screen.getByText(/Abre ese enlace en este navegador o inicia sesión/)).toBeInTheDocument()
    const [, init] = must(callsTo(fetchMock, `/api/bookings/${ID}`)[0], 'the request for the trip')
    expect(headersOf(init)['X-Reservation-Token']).toBeUndefined()
    await user.click(screen.getByRole('link', { name: 'Iniciar sesión' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.state).toEqual({ from: `/reserva/${ID}` })
  })

  it('opens for the signed-in owner with the session alone', async () => {
    const { client, token } = storeSession()
    const { fetchMock } = openTrip(`/reserva/${ID}`, {
      answer: (url) =>
        url.pathname === '/auth/check'
          ? jsonResponse(checkResponse(client))
          : jsonResponse({ success: true, data: buildTrip() }),
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Cabaña Los Pinos' })).toBeInTheDocument()
    const [, init] = must(callsTo(fetchMock, `/api/bookings/${ID}`)[0], 'the request for the trip')
    expect(headersOf(init).Authorization).toBe(`Bearer ${token}`)
    expect(headersOf(init)['X-Reservation-Token']).toBeUndefined()
  })

  it('shows the badges, the stay, the price breakdown, the policy, the way there and the contacts', async () => {
    openTrip(`/reserva/${ID}?token=${SECRET}`)
    const heading = await screen.findByRole('heading', { level: 1, name: 'Cabaña Los Pinos' })
    const header = must(heading.closest('header'), 'the header of the trip')
    expect(within(header).getByText('Activa').className).toContain('emerald')
    expect(within(header).getByText('Pagado').closest('span.rounded-full')?.className).toContain('emerald')
    expect(within(header).getByText('Tapalpa, Jalisco')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Fachada de Cabaña Los Pinos' })).toHaveAttribute(
      'src',
      '/media/cabins/los-pinos/1.webp',
    )

    const section = (name: string) =>
      must(screen.getByRole('heading', { name }).closest('section'), `the section ${name}`)
    const stay = within(section('Tu estancia'))
    expect(stay.getByText('7 de agosto de 2026')).toBeInTheDocument()
    expect(stay.getByText('9 de agosto de 2026')).toBeInTheDocument()
    expect(stay.getByText('2 huéspedes')).toBeInTheDocument()
    expect(stay.getByText('2 noches')).toBeInTheDocument()

    const price = within(section('Detalle del precio'))
    expect(price.getByText('$6,800')).toBeInTheDocument()
    expect(price.getByText('$816')).toBeInTheDocument()
    expect(price.getByText('IVA (16%)').nextElementSibling?.textContent).toBe('$1,050.48')
    expect(price.getByText('Subtotal').nextElementSibling?.textContent).toBe('$6,565.52')
    expect(price.getByText('Total (MXN)').nextElementSibling?.textContent).toBe('$7,616')

    const policy = section('Política de cancelación')
    expect(policy).toHaveTextContent('No reembolsable.')
    expect(policy).toHaveTextContent('no se reembolsa ningún monto')

    const directions = screen.getByRole('link', { name: /Cómo llegar/ })
    expect(directions).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=19.9446,-103.7581',
    )
    expect(directions).toHaveAttribute('target', '_blank')
    const contact = within(section('Contacto'))
    expect(contact.getByText('ana@ejemplo.mx')).toBeInTheDocument()
    expect(contact.getByText('+52 5512345678')).toBeInTheDocument()
    expect(contact.getByRole('link', { name: 'soporte@cabanas.mx' })).toBeInTheDocument()
  })

  it.each([
    ['cancelled', 'REFUNDED', 'Cancelada', 'red', 'Reembolsado', 'sky'],
    ['pending', 'PENDING', 'Pendiente', 'amber', 'Pendiente', 'amber'],
  ])(
    'shows a %s reservation paid %s with its badges and no cancel button',
    async (status, paymentStatus, label, tone, paymentLabel, paymentTone) => {
      openTrip(`/reserva/${ID}?token=${SECRET}`, { trip: buildTrip({ status, paymentStatus }) })
      const header = must(
        (await screen.findByRole('heading', { level: 1 })).closest('header'),
        'the header of the trip',
      )
      const [statusBadge, paymentBadge] = header.querySelectorAll('span.rounded-full')
      expect(statusBadge?.textContent).toBe(label)
      expect(statusBadge?.className).toContain(tone)
      expect(paymentBadge?.textContent).toBe(`Pago: ${paymentLabel}`)
      expect(paymentBadge?.className).toContain(paymentTone)
      expect(screen.queryByRole('button', { name: 'Cancelar reserva' })).not.toBeInTheDocument()
    },
  )

  it('says the same thing for a wrong link, another client’s reservation or none', async () => {
    openTrip(`/reserva/${ID}?token=equivocado`, {
      answer: () =>
        jsonResponse(
          { success: false, error: 'La reserva no fue encontrada', errorType: 'RESERVATION_NOT_FOUND' },
          404,
        ),
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No pudimos abrir esta reserva' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/')
  })

  it('mails a new link on request, to the reservation’s address, saying the same whatever was typed', async () => {
    const user = userEvent.setup()
    const notFound = () =>
      jsonResponse(
        { success: false, error: 'La reserva no fue encontrada', errorType: 'RESERVATION_NOT_FOUND' },
        404,
      )
    const requested = tripLinkMessages.requested
    const { fetchMock } = openTrip(`/reserva/${ID}`, {
      answer: (url, init) =>
        url.pathname === `/api/bookings/${ID}/link` && init?.method === 'POST'
          ? jsonResponse({ success: true, message: requested })
          : notFound(),
    })
    await screen.findByRole('heading', { level: 1, name: 'Abre tu reserva con el enlace de tu correo' })
    const form = within(screen.getByRole('region', { name: '¿No encuentras el correo?' }))
    await user.click(form.getByRole('button', { name: 'Enviarme el enlace' }))
    expect(await form.findByText('Correo electrónico inválido')).toBeInTheDocument()
    expect(callsTo(fetchMock, `/api/bookings/${ID}/link`)).toHaveLength(0)

    await user.clear(form.getByLabelText('Correo de la reserva'))
    await user.type(form.getByLabelText('Correo de la reserva'), 'ana@ejemplo.mx')
    await user.click(form.getByRole('button', { name: 'Enviarme el enlace' }))
    expect(await form.findByRole('status')).toHaveTextContent(requested)
    const [, init] = must(callsTo(fetchMock, `/api/bookings/${ID}/link`)[0], 'the request for a link')
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ana@ejemplo.mx' })
  })

  it('shows the refusal when too many links were asked for, and keeps the form', async () => {
    const user = userEvent.setup()
    openTrip(`/reserva/${ID}`, {
      answer: (url) =>
        url.pathname.endsWith('/link')
          ? jsonResponse({ success: false, error: tripLinkMessages.tooMany, errorType: 'RATE_LIMITED' }, 429)
          : jsonResponse({ success: false, error: 'La reserva no fue encontrada' }, 404),
    })
    const form = within(await screen.findByRole('region', { name: '¿No encuentras el correo?' }))
    await user.clear(form.getByLabelText('Correo de la reserva'))
    await user.type(form.getByLabelText('Correo de la reserva'), 'ana@ejemplo.mx')
    await user.click(form.getByRole('button', { name: 'Enviarme el enlace' }))
    expect((await form.findByRole('alert')).textContent).toBe(tripLinkMessages.tooMany)
    expect(form.getByRole('button', { name: 'Enviarme el enlace' })).toBeInTheDocument()
  })

  it('cancels after a dialog that states the policy: Cancelada at once, with the server’s message', async () => {
    const user = userEvent.setup()
    let trip = buildTrip()
    const { fetchMock } = openTrip(`/reserva/${ID}?token=${SECRET}`, {
      answer: (url, init) => {
        if (url.pathname === `/api/bookings/${ID}/cancel` && init?.method === 'POST') {
          trip = { ...trip, status: 'cancelled' }
          return jsonResponse({
            success: true,
            message: 'Reserva cancelada. Por ser no reembolsable, el pago no se devuelve.',
            data: trip,
          })
        }
        return jsonResponse({ success: true, data: trip })
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Cancelar reserva' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar reserva' })
    expect(dialog).toHaveTextContent(
      'Si cancelas, la reserva se anula y las fechas se liberan, pero no se reembolsa ningún monto.',
    )
    expect(dialog).toHaveTextContent('el pago de $7,616 MXN no se devuelve')
    expect(callsTo(fetchMock, `/api/bookings/${ID}/cancel`)).toHaveLength(0)

    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar reserva' }))
    expect(
      await screen.findByText('Reserva cancelada. Por ser no reembolsable, el pago no se devuelve.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const header = must(screen.getByRole('heading', { level: 1 }).closest('header'), 'the header of the trip')
    expect(within(header).getByText('Cancelada')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancelar reserva' })).not.toBeInTheDocument()
    const [, init] = must(callsTo(fetchMock, `/api/bookings/${ID}/cancel`)[0], 'the cancellation request')
    expect(headersOf(init)['X-Reservation-Token']).toBe(SECRET)
  })

  it('says what a free cancellation gives back, and keeps the dialog open with the error when refused', async () => {
    const user = userEvent.setup()
    openTrip(`/reserva/${ID}?token=${SECRET}`, {
      answer: (url) =>
        url.pathname.endsWith('/cancel')
          ? jsonResponse(
              {
                success: false,
                error: 'Esta reserva ya no se puede cancelar',
                errorType: 'VALIDATION_ERROR',
              },
              400,
            )
          : jsonResponse({ success: true, data: freeTrip('free') }),
    })
    await user.click(await screen.findByRole('button', { name: 'Cancelar reserva' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar reserva' })
    expect(dialog).toHaveTextContent(
      'Cancelación gratuita hasta el 6 de agosto de 2026, 15:00 (hora de la Ciudad de México)',
    )
    expect(dialog).toHaveTextContent('Te reembolsaremos $7,616 MXN a la tarjeta con la que pagaste.')
    await user.click(within(dialog).getByRole('button', { name: 'Sí, cancelar reserva' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Esta reserva ya no se puede cancelar',
    )
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it("downloads the .ics with the page's credentials, never in a URL", async () => {
    const user = userEvent.setup()
    const createObjectURL = vi.fn(() => 'blob:calendario')
    // jsdom has no object URLs: lend them to this test, and take them back after it (the files of a
    // worker share this window: vitest.config.ts).
    const before = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL }
    onTestFinished(() => {
      Object.assign(URL, before)
    })
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const clicked: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.download} ${this.getAttribute('href')}`)
    })
    const { fetchMock } = openTrip(`/reserva/${ID}?token=${SECRET}`, {
      answer: (url) =>
        url.pathname.endsWith('/calendar.ics')
          ? new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
              headers: { 'Content-Type': 'text/calendar' },
            })
          : jsonResponse({ success: true, data: buildTrip() }),
    })
    await user.click(await screen.findByRole('button', { name: 'Agregar al calendario' }))
    await waitFor(() => expect(clicked).toEqual(['reserva-5f3c1a2b.ics blob:calendario']))
    const [input, init] = must(
      callsTo(fetchMock, `/api/bookings/${ID}/calendar.ics`)[0],
      'the request for the calendar file',
    )
    expect(String(input)).not.toContain(SECRET)
    expect(headersOf(init)['X-Reservation-Token']).toBe(SECRET)
    click.mockRestore()
  })

  it('builds the same path as the route manifest’s publicPaths.trip', () => {
    expect(paths.trip(ID)).toBe(publicPaths.trip(ID))
    expect(paths.trip(ID)).toBe(`/reserva/${ID}`)
  })
})

describe('the trip page and the cancellation deadline', () => {
  it('states the deadline as a date and hour in Mexico City on the policy card', async () => {
    openTrip(`/reserva/${ID}?token=${SECRET}`, { trip: freeTrip('free') })
    expect(
      await screen.findByText(
        'Cancelación gratuita hasta el 6 de agosto de 2026, 15:00 (hora de la Ciudad de México).',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cancelar reserva' })).toBeInTheDocument()
  })

  it('after the deadline, says nothing comes back, on the card and in the dialog', async () => {
    const user = userEvent.setup()
    openTrip(`/reserva/${ID}?token=${SECRET}`, { trip: freeTrip('penalty') })
    expect(
      await screen.findByText(
        'El plazo de cancelación gratuita ya terminó: si cancelas ahora, el pago no se reembolsa.',
      ),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cancelar reserva' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar reserva' })
    expect(dialog).toHaveTextContent('el pago de $7,616 MXN no se reembolsa')
    expect(dialog).not.toHaveTextContent('Te reembolsaremos')
  })

  it('once the stay has started, offers no cancellation and says whom to write to', async () => {
    openTrip(`/reserva/${ID}?token=${SECRET}`, { trip: freeTrip('started') })
    expect(
      await screen.findByText(/Tu estancia ya comenzó, así que ya no se puede cancelar desde aquí/),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancelar reserva' })).not.toBeInTheDocument()
    const links = screen.getAllByRole('link', { name: 'soporte@cabanas.mx' })
    expect(links.length).toBeGreaterThanOrEqual(2)
  })
})
