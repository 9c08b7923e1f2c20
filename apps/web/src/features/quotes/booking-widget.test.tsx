import { CHECKOUT_STORAGE_KEY } from '@cabanas/contracts/storage-keys'
import { CheckoutSummarySchema } from '@cabanas/domain/bookings'
import type { Cabin } from '@cabanas/domain/catalog'
import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  advance,
  mainButton,
  mockApi,
  quoteCalls,
  quoteFor,
  renderWidget,
  useWideScreen,
} from '../../test/booking-widget-fixtures'
import { buildCabin } from '../../test/factories'
import { jsonResponse } from '../../test/fetch-mock'
import { expectLabelInName } from '../../test/label-in-name'
import { must } from '../../test/must'

// 12:00 in Mexico City on Friday 10 July 2026.
const NOW = new Date('2026-07-10T18:00:00Z')

const day = (name: string) => screen.getByRole('button', { name })

function withOccupancy(cabin: Cabin, minOccupancy: number, maxOccupancy: number): Cabin {
  return { ...cabin, propertyDetails: { ...cabin.propertyDetails, minOccupancy, maxOccupancy } }
}

// fireEvent in this file (fake timers in every test): Testing Library's wrapper waits a 0 ms timer after each user-event action and advances it only for Jest's fake timers.
beforeEach(() => {
  vi.useFakeTimers({ now: NOW })
  useWideScreen(true)
})

afterEach(() => {
  vi.useRealTimers()
})

describe('BookingWidget', () => {
  it('asks for dates before anything else', async () => {
    const fetchMock = mockApi()
    renderWidget(buildCabin({ precioBaseFinal: 168_000 }))
    await advance(1000)

    expect(mainButton().textContent).toBe('Selecciona fechas')
    expect(screen.getByRole('complementary', { name: 'Reserva' })).toHaveTextContent(
      'Desde$1,680 MXNpor noche',
    )
    expect(screen.queryByText('Total')).not.toBeInTheDocument()
    expect(quoteCalls(fetchMock)).toHaveLength(0)

    fireEvent.click(mainButton())
    await advance()
    expect(screen.getByRole('dialog', { name: 'Fecha de llegada' })).toBeInTheDocument()
  })

  it('quotes the stay 500 ms after it is set, then shows the total and Reservar', async () => {
    const fetchMock = mockApi()
    const { onQuoted } = renderWidget(buildCabin(), {
      checkIn: '2026-07-20',
      checkOut: '2026-07-22',
      guests: 2,
    })

    await advance(450)
    expect(mainButton().textContent).toBe('Verificando...')
    expect(quoteCalls(fetchMock)).toHaveLength(0)

    await advance(60)
    expect(quoteCalls(fetchMock)).toHaveLength(1)
    expect(
      JSON.parse(String(must(quoteCalls(fetchMock)[0], 'quoteCalls(fetchMock)[0]')[1]?.body)),
    ).toMatchObject({
      checkIn: '2026-07-20',
      checkOut: '2026-07-22',
      guests: 2,
    })
    await advance()

    expect(mainButton().textContent).toBe('Reservar')
    // 2 nights at $1,700 plus 12 %: $3,808.
    expect(screen.getByText('$1,700 × 2 noches')).toBeInTheDocument()
    // One name for the fee on every surface: the checkout's, the trip page's (issue 20).
    expect(screen.getByText('Tarifa de servicio')).toBeInTheDocument()
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('$3,808 MXN')
    expect(screen.getByRole('button', { name: 'Solicitar reserva' })).toBeInTheDocument()
    expect(onQuoted).toHaveBeenCalledWith({
      checkIn: '2026-07-20',
      checkOut: '2026-07-22',
      guests: 2,
      nights: 2,
      totalPrice: 380_800,
    })
  })

  it('says No disponible with the §8 message when the dates are taken', async () => {
    mockApi({
      quote: () =>
        jsonResponse(
          {
            success: false,
            available: false,
            error: 'No disponible para las fechas seleccionadas',
            errorType: 'NOT_AVAILABLE',
            message: 'No disponible para las fechas seleccionadas',
          },
          409,
        ),
    })
    renderWidget(buildCabin(), { checkIn: '2026-07-20', checkOut: '2026-07-22', guests: 2 })
    await advance(600)

    expect(mainButton().textContent).toBe('No disponible')
    expect(mainButton()).toHaveProperty('disabled', true)
    expect(screen.getByRole('alert').textContent).toBe('No disponible para las fechas seleccionadas')
    expect(screen.queryByText('Total')).not.toBeInTheDocument()
  })

  it('offers a retry when the quote cannot reach the server', async () => {
    let fail = true
    mockApi({
      quote: (request) =>
        fail ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse(quoteFor(request)),
    })
    renderWidget(buildCabin(), { checkIn: '2026-07-20', checkOut: '2026-07-22', guests: 2 })
    await advance(600)

    expect(mainButton().textContent).toBe('No disponible')
    expect(screen.getByRole('alert')).toHaveTextContent('No disponible para las fechas seleccionadas')
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }))
    await advance()
    expect(mainButton().textContent).toBe('Reservar')
  })

  it('refuses an arrival in the past without asking the server', async () => {
    const fetchMock = mockApi()
    renderWidget(buildCabin(), { checkIn: '2026-07-01', checkOut: '2026-07-03', guests: 2 })
    await advance(600)

    expect(mainButton().textContent).toBe('No disponible')
    expect(screen.getByRole('alert').textContent).toBe('La fecha de llegada no puede ser anterior a hoy')
    expect(quoteCalls(fetchMock)).toHaveLength(0)
  })

  it('clears the quote when the guests change, and quotes again 500 ms later', async () => {
    const fetchMock = mockApi()
    renderWidget(buildCabin({ maxOccupancy: 4 }), {
      checkIn: '2026-07-20',
      checkOut: '2026-07-22',
      guests: 2,
    })
    await advance(600)
    expect(screen.getByText('Total')).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'HUÉSPEDES: 2 huéspedes' }))
    fireEvent.click(screen.getByRole('button', { name: 'Aumentar huéspedes' }))

    expect(screen.queryByText('Total')).not.toBeInTheDocument()
    expect(mainButton().textContent).toBe('Verificando...')
    await advance(600)
    expect(quoteCalls(fetchMock)).toHaveLength(2)
    expect(
      JSON.parse(String(must(quoteCalls(fetchMock)[1], 'quoteCalls(fetchMock)[1]')[1]?.body)).guests,
    ).toBe(3)
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('$4,032 MXN')
  })

  it('disables booked nights, and lets a departure fall on a booked night but never jump over it', async () => {
    // A reservation holds the nights of 24 and 25 July (it leaves on the 26th).
    mockApi({ bookedNights: ['2026-07-24', '2026-07-25'] })
    renderWidget(buildCabin())
    await advance()

    fireEvent.click(screen.getByRole('button', { name: 'LLEGADA: Agregar fecha' }))
    const arrival = screen.getByRole('dialog', { name: 'Fecha de llegada' })
    expect(within(arrival).getByRole('table', { name: 'Julio 2026' })).toBeInTheDocument()
    expect(day('jueves, 9 de julio de 2026')).toHaveProperty('disabled', true)
    expect(day('viernes, 10 de julio de 2026')).toHaveProperty('disabled', false)
    expect(day('viernes, 24 de julio de 2026')).toHaveProperty('disabled', true)
    expect(day('sábado, 25 de julio de 2026')).toHaveProperty('disabled', true)
    // The reservation's departure day is free for a new arrival.
    expect(day('domingo, 26 de julio de 2026')).toHaveProperty('disabled', false)

    fireEvent.click(day('miércoles, 22 de julio de 2026'))
    expect(screen.getByRole('dialog', { name: 'Fecha de salida' })).toBeInTheDocument()
    expect(day('martes, 21 de julio de 2026')).toHaveProperty('disabled', true)
    expect(day('miércoles, 22 de julio de 2026')).toHaveProperty('disabled', true)
    expect(day('jueves, 23 de julio de 2026')).toHaveProperty('disabled', false)
    // Leaving on the 24th only uses the nights of 22 and 23.
    expect(day('viernes, 24 de julio de 2026')).toHaveProperty('disabled', false)
    expect(day('sábado, 25 de julio de 2026')).toHaveProperty('disabled', true)
    expect(day('lunes, 27 de julio de 2026')).toHaveProperty('disabled', true)

    fireEvent.click(day('viernes, 24 de julio de 2026'))
    expect(screen.queryByRole('dialog', { name: 'Fecha de salida' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'LLEGADA: 22/07/2026' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'SALIDA: 24/07/2026' })).toBeInTheDocument()
  })

  it('names its date and guests buttons with the words they show', async () => {
    mockApi()
    renderWidget(buildCabin())
    await advance()
    const fields = () => [
      screen.getByRole('button', { name: /^LLEGADA:/ }),
      screen.getByRole('button', { name: /^SALIDA:/ }),
      screen.getByRole('button', { name: /^HUÉSPEDES:/ }),
    ]
    expect(fields()[0]).toHaveAttribute('aria-label', 'LLEGADA: Agregar fecha')
    for (const field of fields()) expectLabelInName(field)

    fireEvent.click(must(fields()[0], 'fields()[0]'))
    fireEvent.click(day('miércoles, 22 de julio de 2026'))
    fireEvent.click(day('viernes, 24 de julio de 2026'))
    expect(fields()[1]).toHaveAttribute('aria-label', 'SALIDA: 24/07/2026')
    for (const field of fields()) expectLabelInName(field)
  })

  it('keeps departures within the minimum stay and says so', async () => {
    mockApi({ minNights: 3 })
    renderWidget(buildCabin())
    await advance()

    fireEvent.click(screen.getByRole('button', { name: 'SALIDA: Agregar fecha' }))
    expect(screen.getByText('Estancia mínima: 3 noches')).toBeInTheDocument()
    fireEvent.click(day('lunes, 20 de julio de 2026'))
    expect(day('miércoles, 22 de julio de 2026')).toHaveProperty('disabled', true)
    expect(day('jueves, 23 de julio de 2026')).toHaveProperty('disabled', false)
  })

  it.each([
    [1, 4, '1 - 4 huéspedes'],
    [2, 2, 'Exactamente 2 huéspedes'],
    [1, 1, 'Exactamente 1 huésped'],
  ])('bounds the guests to %i–%i (%s)', async (min, max, text) => {
    mockApi()
    renderWidget(withOccupancy(buildCabin(), min, max))
    await advance()

    fireEvent.click(screen.getByRole('button', { name: /^HUÉSPEDES/ }))
    expect(screen.getByText(text)).toBeInTheDocument()
    const less = screen.getByRole('button', { name: 'Reducir huéspedes' })
    const more = screen.getByRole('button', { name: 'Aumentar huéspedes' })
    expect(less).toHaveProperty('disabled', true)
    for (let guests = min; guests < max; guests++) fireEvent.click(more)
    expect(more).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: /^HUÉSPEDES/ })).toHaveTextContent(
      `${max} ${max === 1 ? 'huésped' : 'huéspedes'}`,
    )
  })

  it('Reservar keeps the checkout summary in session storage and hands it over', async () => {
    mockApi()
    const cabin = buildCabin({ name: 'Cabaña El Mirador', population: 'Tapalpa', state: 'Jalisco' })
    const { onReserve } = renderWidget(cabin, { checkIn: '2026-07-20', checkOut: '2026-07-22', guests: 2 })
    await advance(600)

    fireEvent.click(screen.getByRole('button', { name: 'Reservar' }))

    const stored = CheckoutSummarySchema.parse(
      JSON.parse(
        must(sessionStorage.getItem(CHECKOUT_STORAGE_KEY), 'sessionStorage.getItem(CHECKOUT_STORAGE_KEY)'),
      ),
    )
    expect(stored).toEqual({
      cabinId: cabin._id,
      cabinName: 'Cabaña El Mirador',
      cabinImage: must(cabin.images[0], 'cabin.images[0]').preview,
      checkIn: '2026-07-20',
      checkOut: '2026-07-22',
      guests: 2,
      nights: 2,
      pricing: {
        basePrice: 340_000,
        totalPrice: 380_800,
        cleaningFee: 0,
        serviceFee: 0,
        comisionServicio: 40_800,
        taxes: 0,
      },
      location: 'Tapalpa, Jalisco',
      maxOccupancy: 4,
      amenities: [],
      cancellationPolicy: 'non_refundable',
    })
    expect(onReserve).toHaveBeenCalledWith(stored)
  })

  it("hands the cabin's own cancellation policy to the checkout", async () => {
    mockApi()
    renderWidget(buildCabin({ cancellationPolicy: 'free' }), {
      checkIn: '2026-07-20',
      checkOut: '2026-07-22',
      guests: 2,
    })
    await advance(600)
    fireEvent.click(screen.getByRole('button', { name: 'Reservar' }))
    const stored = CheckoutSummarySchema.parse(
      JSON.parse(
        must(sessionStorage.getItem(CHECKOUT_STORAGE_KEY), 'sessionStorage.getItem(CHECKOUT_STORAGE_KEY)'),
      ),
    )
    expect(stored.cancellationPolicy).toBe('free')
  })

  it('shows Desde without dates, the same list price as the cards', async () => {
    mockApi()
    renderWidget(buildCabin({ precioBaseFinal: 168_000 }))
    await advance()
    const widget = screen.getByRole('complementary', { name: 'Reserva' })
    expect(widget).toHaveTextContent('Desde$1,680 MXNpor noche')
    expect(widget).not.toHaveTextContent('Total')
  })

  it("shows the stay's average per night over its total once quoted", async () => {
    mockApi()
    renderWidget(buildCabin({ precioBaseFinal: 168_000 }), {
      checkIn: '2026-07-20',
      checkOut: '2026-07-23',
      guests: 2,
    })
    await advance(600)
    const widget = screen.getByRole('complementary', { name: 'Reserva' })
    // 3 nights at $1,700 plus 12 %: $5,712, $1,904 a night; the breakdown lists the $1,700 rate.
    expect(widget).not.toHaveTextContent('Desde')
    expect(widget).toHaveTextContent('$1,904 MXNpor noche')
    expect(within(widget).getByText('Total $5,712 MXN por 3 noches, impuestos incluidos')).toBeInTheDocument()
    expect(within(widget).getByText('$1,700 × 3 noches')).toBeInTheDocument()
  })

  it('shows the same figures in the bottom bar on small screens', async () => {
    useWideScreen(false)
    // A stay whose average has centavos ($14,336 / 3 = $4,778.67): the server sends whole pesos.
    mockApi({
      quote: (request) =>
        jsonResponse({
          ...quoteFor(request),
          pricing: { totalPrice: 1_433_600, pricePerNight: 477_900, basePrice: 1_280_000 },
        }),
    })
    renderWidget(buildCabin(), { checkIn: '2026-07-20', checkOut: '2026-07-23', guests: 2 })
    await advance(600)
    const bar = screen.getByRole('region', { name: 'Reserva' })
    expect(bar).toHaveTextContent('$4,779 noche · $14,336 total')
  })

  it('shows a bottom bar on small screens that opens the widget in a sheet', async () => {
    useWideScreen(false)
    mockApi()
    renderWidget(buildCabin())
    await advance()

    expect(screen.queryByRole('complementary', { name: 'Reserva' })).not.toBeInTheDocument()
    const bar = screen.getByRole('region', { name: 'Reserva' })
    expect(bar).toHaveTextContent('Desde $1,680 MXN noche')
    expect(within(bar).getByRole('button', { name: 'Selecciona fechas' })).toBeInTheDocument()

    fireEvent.click(within(bar).getByRole('button', { name: 'Agregar fechas' }))
    await advance()
    expect(screen.getByRole('dialog', { name: 'Reserva tu estancia' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'LLEGADA: Agregar fecha' })).toBeInTheDocument()
  })
})
