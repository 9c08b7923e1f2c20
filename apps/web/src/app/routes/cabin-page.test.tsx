import { CHECKOUT_STORAGE_KEY } from '@cabanas/contracts/storage-keys'
import { AMENITY_KEYS, featuresFromAmenities } from '@cabanas/domain/catalog'
import type { QuoteRequest } from '@cabanas/domain/quotes'
import { addDays, nightsBetween } from '@cabanas/domain/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { todayInMexico } from '../../lib/calendar-month'
import { buildCabin } from '../../test/factories'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderApp } from '../../test/render-app'

type Cabin = ReturnType<typeof buildCabin>

function quoteFor({ habitacionId, checkIn, checkOut, guests }: QuoteRequest) {
  const nights = nightsBetween(checkIn, checkOut)
  return {
    success: true,
    available: true,
    habitacionId,
    checkIn,
    checkOut,
    guests,
    nights,
    pricing: { totalPrice: 168_000 * nights, pricePerNight: 168_000, basePrice: 150_000 * nights },
    precioCalculado: { comisionServicio: 18_000 * nights },
    breakdown: Array.from({ length: nights }, (_, i) => ({
      night: addDays(checkIn, i),
      rate: 150_000,
      season: null,
    })),
    currency: 'MXN',
  }
}

/** GET /habitaciones/:id, the cabin's calendar and the quote, as the API answers them. */
function mockCabinApi(cabin: Cabin, { datesTaken = false } = {}) {
  return mockFetch((url, init) => {
    if (url.pathname === `/habitaciones/${cabin._id}`) return jsonResponse(cabin)
    if (url.pathname === `/api/availability/cabin/${cabin._id}`) {
      const today = todayInMexico()
      return jsonResponse({
        success: true,
        cabinId: cabin._id,
        from: today,
        to: addDays(today, 365),
        minNights: 1,
        bookedRanges: [],
        bookedNights: [],
      })
    }
    if (url.pathname === '/reservas/cotizar') {
      if (datesTaken) {
        const message = 'No disponible para las fechas seleccionadas'
        return jsonResponse(
          { success: false, available: false, error: message, errorType: 'NOT_AVAILABLE' },
          409,
        )
      }
      return jsonResponse(quoteFor(JSON.parse(String(init?.body)) as QuoteRequest))
    }
    return jsonResponse({ success: false, error: 'No encontrado', errorType: 'NOT_FOUND' }, 404)
  })
}

const checkIn = addDays(todayInMexico(), 10)
const checkOut = addDays(checkIn, 2)

describe('CabinPage', () => {
  it('shows the cabin from GET /habitaciones/:id', async () => {
    const cabin = buildCabin({
      name: 'Cabaña Los Encinos',
      population: 'Valle de Bravo',
      state: 'Estado de México',
    })
    const fetchMock = mockCabinApi(cabin)
    renderApp(`/cabin/${cabin._id}`)

    expect(await screen.findByRole('heading', { level: 1, name: 'Cabaña Los Encinos' })).toBeInTheDocument()
    expect(screen.getAllByText('Valle de Bravo, Estado de México').length).toBeGreaterThan(0)
    expect(
      screen.getByRole('heading', { name: 'Cabaña en Valle de Bravo, Estado de México' }),
    ).toBeInTheDocument()
    expect(screen.getByText('4 huéspedes • 2 camas • 1 baño')).toBeInTheDocument()
    const cover = must(cabin.images[0], 'the first photo of the cabin')
    expect(screen.getByRole('img', { name: cover.alt })).toHaveAttribute('src', cover.url)
    expect(screen.getByText(cabin.accomodationDescription)).toBeInTheDocument()
    const amenities = screen.getByRole('region', { name: 'Lo que ofrece este lugar' })
    expect(within(amenities).getByText('Wifi')).toBeInTheDocument()
    expect(within(amenities).queryByRole('button', { name: /^Mostrar las/ })).not.toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Reserva' })).toHaveTextContent('Desde $1,680 MXN noche')
    expect(
      new URL(String(must(fetchMock.mock.calls[0], 'a first request')[0]), window.location.origin).pathname,
    ).toBe(`/habitaciones/${cabin._id}`)
  })

  it.each([
    ['non_refundable', 'No reembolsable.', 'no se reembolsa ningún monto', 'Cancelación gratuita'],
    ['free', 'Cancelación gratuita.', 'hasta 24 horas antes del check-in', 'No reembolsable'],
  ] as const)("states the cabin's own cancellation policy (%s)", async (policy, label, words, absent) => {
    const cabin = buildCabin({ cancellationPolicy: policy })
    mockCabinApi(cabin)
    renderApp(`/cabin/${cabin._id}`)

    const section = await screen.findByRole('region', { name: 'Política de cancelación' })
    expect(within(section).getByText(label)).toBeInTheDocument()
    expect(section).toHaveTextContent(words)
    expect(document.body).not.toHaveTextContent(absent)
  })

  it('states the free-cancellation deadline as a date and hour in Mexico City when the address has dates', async () => {
    const cabin = buildCabin({ cancellationPolicy: 'free' })
    mockCabinApi(cabin)
    renderApp(`/cabin/${cabin._id}?checkIn=2026-12-17&checkOut=2026-12-19&guests=2`)

    const section = await screen.findByRole('region', { name: 'Política de cancelación' })
    expect(
      within(section).getByText(
        'Cancelación gratuita hasta el 16 de diciembre de 2026, 15:00 (hora de la Ciudad de México).',
      ),
    ).toBeInTheDocument()
    expect(section).not.toHaveTextContent('24 horas antes')
  })

  it('lists ten amenities and all of them in a dialog', async () => {
    const user = userEvent.setup()
    const cabin = { ...buildCabin(), accommodationFeatures: featuresFromAmenities(AMENITY_KEYS.slice(0, 14)) }
    mockCabinApi(cabin)
    renderApp(`/cabin/${cabin._id}`)

    const amenities = await screen.findByRole('region', { name: 'Lo que ofrece este lugar' })
    expect(within(amenities).getAllByRole('listitem')).toHaveLength(10)
    await user.click(within(amenities).getByRole('button', { name: 'Mostrar las 14 amenidades' }))
    const dialog = await screen.findByRole('dialog', { name: 'Lo que ofrece este lugar' })
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(14)
  })

  it('opens every photo and saves the cabin locally', async () => {
    const user = userEvent.setup()
    const cabin = buildCabin({
      images: [1, 2, 3, 4, 5, 6].map((n) => ({
        url: `/m/${n}.webp`,
        preview: `/m/${n}-card.webp`,
        alt: `Foto ${n}`,
      })),
    })
    mockCabinApi(cabin)
    renderApp(`/cabin/${cabin._id}`)

    await user.click(await screen.findByRole('link', { name: 'Mostrar todas las fotos' }))
    const dialog = await screen.findByRole('dialog', { name: `Fotos de ${cabin.propertyDetails.name}` })
    expect(within(dialog).getAllByRole('img')).toHaveLength(6)
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }))

    await user.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(screen.getByRole('button', { name: 'Guardado' })).toBeInTheDocument()
    expect(JSON.parse(must(localStorage.getItem('favoriteCabins'), 'the saved favorites'))).toEqual([
      cabin._id,
    ])
  })

  it('quotes the stay of the address, writes the guests back to it and goes to the checkout', async () => {
    const user = userEvent.setup()
    const cabin = buildCabin()
    mockCabinApi(cabin)
    const { router } = renderApp(`/cabin/${cabin._id}?checkIn=${checkIn}&checkOut=${checkOut}`)

    const bar = await screen.findByRole('region', { name: 'Reserva' })
    const reserve = await within(bar).findByRole('button', { name: 'Reservar' })
    expect(bar).toHaveTextContent('$1,680 noche · $3,360 total')
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?checkIn=${checkIn}&checkOut=${checkOut}&guests=1`),
    )

    await user.click(reserve)
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'))
    // The stay is in the address, as the form's own submission (before the code runs) would put it.
    expect(router.state.location.search).toBe(
      `?cabin=${cabin._id}&checkIn=${checkIn}&checkOut=${checkOut}&guests=1`,
    )
    expect(router.state.location.state).toMatchObject({
      cabinId: cabin._id,
      checkIn,
      checkOut,
      guests: 1,
      nights: 2,
    })
    expect(JSON.parse(must(sessionStorage.getItem(CHECKOUT_STORAGE_KEY), 'the stored checkout'))).toEqual(
      router.state.location.state,
    )
  })

  it('sends a request to book and shows its confirmation', async () => {
    const user = userEvent.setup()
    const cabin = buildCabin()
    const fetchMock = mockCabinApi(cabin)
    const { router } = renderApp(`/cabin/${cabin._id}?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`)
    await within(await screen.findByRole('region', { name: 'Reserva' })).findByRole('button', {
      name: 'Reservar',
    })
    fetchMock.mockImplementationOnce(async (_input, init) => {
      const body = JSON.parse(String(init?.body))
      return jsonResponse(
        {
          success: true,
          data: {
            ...body,
            requestId: 'req-7',
            status: 'pending',
            cabinName: cabin.propertyDetails.name,
            nights: 2,
            totalPrice: 336_000,
            createdAt: new Date().toISOString(),
          },
        },
        201,
      )
    })

    await user.click(screen.getByRole('button', { name: /^Agregar fechas|·/ }))
    await user.click(await screen.findByRole('button', { name: 'Solicitar reserva' }))
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar reserva' })
    await user.clear(within(dialog).getByLabelText('Nombre completo'))
    await user.type(within(dialog).getByLabelText('Nombre completo'), 'Ana Rodríguez')
    await user.clear(within(dialog).getByLabelText('Correo electrónico'))
    await user.type(within(dialog).getByLabelText('Correo electrónico'), 'ana@ejemplo.mx')
    await user.clear(within(dialog).getByLabelText('Teléfono'))
    await user.type(within(dialog).getByLabelText('Teléfono'), '5512345678')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar y solicitar reserva' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/confirmation'))
    expect(router.state.location.state).toMatchObject({ kind: 'request', requestId: 'req-7', guests: 2 })
  })

  it("shows the guest's own reservation, not No disponible, on the dates it just booked", async () => {
    const user = userEvent.setup()
    const cabin = buildCabin()
    mockCabinApi(cabin, { datesTaken: true })
    // What the checkout left in this browser when the payment went through.
    localStorage.setItem(
      'cabanas.trip.res-7f3a',
      JSON.stringify({
        token: 'secreto',
        savedAt: Date.now(),
        stay: { cabinId: cabin._id, checkIn, checkOut },
      }),
    )
    renderApp(`/cabin/${cabin._id}?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`)

    const bar = await screen.findByRole('region', { name: 'Reserva' })
    const trip = await within(bar).findByRole('link', { name: 'Ver mi reserva' })
    expect(trip).toHaveAttribute('href', '/reserva/res-7f3a')
    await user.click(within(bar).getByRole('button', { name: /·/ }))
    const sheet = await screen.findByRole('dialog', { name: 'Reserva tu estancia' })
    expect(within(sheet).getByRole('status')).toHaveTextContent('Ya reservaste estas fechas')
    expect(within(sheet).queryByText('No disponible para las fechas seleccionadas')).not.toBeInTheDocument()
  })

  it('shows a spinner while the cabin loads', async () => {
    mockFetch(() => new Promise<Response>(() => {}))
    renderApp('/cabin/abc')

    const spinner = await screen.findByText('Cargando la cabaña…')
    expect(spinner.closest('[role="status"]')).toBeInTheDocument()
  })

  it('says the cabin was not found on a 404', async () => {
    const message = 'La cabaña no fue encontrada'
    const fetchMock = mockFetch(() =>
      jsonResponse({ success: false, error: message, errorType: 'CABIN_NOT_FOUND', message }, 404),
    )
    renderApp('/cabin/no-existe')

    expect(
      await screen.findByRole('heading', { level: 1, name: 'La cabaña no fue encontrada' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/')
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})
