import { CHECKOUT_STORAGE_KEY } from '@cabanas/contracts/storage-keys'
import type { QuoteRequest } from '@cabanas/domain/quotes'
import { addDays } from '@cabanas/domain/shared'
import { cleanup, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { todayInMexico } from '../../lib/calendar-month'
import { quoteFor } from '../../test/booking-widget-fixtures'
import {
  buildSummary,
  confirmed,
  fakeOpenpay,
  fillForm,
  openCheckout,
  submit,
} from '../../test/checkout-fixtures'
import { buildCabin } from '../../test/factories'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { must } from '../../test/must'
import { renderApp } from '../../test/render-app'

const checkIn = addDays(todayInMexico(), 12)
const checkOut = addDays(checkIn, 2)
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value

/** The cabin and the quote, as the API answers them; `quote` answers instead when given. */
function mockCabinAndQuote(cabin: ReturnType<typeof buildCabin>, quote?: () => Response) {
  return mockFetch((url, init) => {
    if (url.pathname === `/habitaciones/${cabin._id}`) return jsonResponse(cabin)
    if (url.pathname === '/reservas/cotizar') {
      return quote ? quote() : jsonResponse(quoteFor(JSON.parse(String(init?.body)) as QuoteRequest))
    }
    return jsonResponse({ success: false, error: 'No encontrado', errorType: 'NOT_FOUND' }, 404)
  })
}

const addressOf = (cabinId: string) =>
  `/checkout?cabin=${cabinId}&checkIn=${checkIn}&checkOut=${checkOut}&guests=2`

describe('CheckoutPage opened from its address', () => {
  it('quotes the stay of the address and shows its checkout (Reservar tapped before the page ran)', async () => {
    const cabin = buildCabin({ name: 'Cabaña El Mirador' })
    mockCabinAndQuote(cabin)
    renderApp(addressOf(cabin._id))

    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmar y pagar' })).toBeInTheDocument()
    const summary = within(screen.getByRole('complementary', { name: 'Resumen de la reserva' }))
    expect(summary.getByText('Cabaña El Mirador')).toBeInTheDocument()
    expect(summary.getByText('2 huéspedes')).toBeInTheDocument()
    // 2 nights at $1,700 plus 12 %: $3,808 (the quote's figures).
    expect(screen.getByRole('button', { name: 'Confirmar y pagar - $3,808 MXN' })).toBeInTheDocument()
  })

  it('quotes again when the summary in this tab is of another stay', async () => {
    const cabin = buildCabin({ name: 'Cabaña El Mirador' })
    mockCabinAndQuote(cabin)
    sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(buildSummary({ cabinName: 'Otra estancia' })))
    renderApp(addressOf(cabin._id))
    expect(await screen.findByText('Cabaña El Mirador')).toBeInTheDocument()
    expect(screen.queryByText('Otra estancia')).not.toBeInTheDocument()
  })

  it('leads a stay the quote refuses back to the cabin with its dates', async () => {
    const cabin = buildCabin()
    mockCabinAndQuote(cabin, () =>
      jsonResponse(
        {
          success: false,
          available: false,
          error: 'No disponible para las fechas seleccionadas',
          errorType: 'NOT_AVAILABLE',
        },
        409,
      ),
    )
    renderApp(addressOf(cabin._id))

    expect(
      await screen.findByRole('heading', { level: 1, name: 'No se puede reservar esta estancia' }),
    ).toBeInTheDocument()
    expect(screen.getByText('No disponible para las fechas seleccionadas')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Elegir otras fechas' })).toHaveAttribute(
      'href',
      `/cabin/${cabin._id}?checkIn=${checkIn}&checkOut=${checkOut}&guests=2`,
    )
  })

  it('says so when the cabin does not exist', async () => {
    mockCabinAndQuote(buildCabin())
    renderApp(addressOf('cabin-que-no-existe'))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'La cabaña no fue encontrada' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/')
  })
})

describe('CheckoutPage across a reload', () => {
  it('keeps the guest and billing fields typed in this tab, never the card', async () => {
    mockFetch(() => jsonResponse({}))
    openCheckout()
    await fillForm()
    cleanup()

    openCheckout()
    await screen.findByRole('heading', { level: 1, name: 'Confirmar y pagar' })
    expect(value('Nombre')).toBe('Ana')
    expect(value('Apellido')).toBe('López')
    expect(value('Email')).toBe('ana@ejemplo.mx')
    expect(value('Teléfono')).toBe('5512345678')
    expect(value('Email de facturación')).toBe('pagos@ejemplo.mx')
    expect(value('Teléfono de facturación')).toBe('3312345678')
    for (const card of ['Número de tarjeta', 'Nombre del titular', 'Mes', 'Año', 'CVV']) {
      expect(value(card)).toBe('')
    }
    const stored = Object.keys(sessionStorage).map((key) => sessionStorage.getItem(key) ?? '')
    expect(stored.join()).not.toMatch(/4111|ANA LOPEZ|cvv|cardNumber|expiry|holderName/i)
  })

  it('starts the checkout of another stay empty', async () => {
    mockFetch(() => jsonResponse({}))
    openCheckout()
    await fillForm()
    cleanup()

    openCheckout(buildSummary({ checkIn: '2026-08-01', checkOut: '2026-08-03' }))
    await screen.findByRole('heading', { level: 1, name: 'Confirmar y pagar' })
    expect(value('Nombre')).toBe('')
    expect(value('Email')).toBe('')
  })

  it('forgets what was typed once paid, and remembers the trip with its stay for the cabin page', async () => {
    mockFetch((url) => (url.pathname === '/payments/charge' ? jsonResponse(confirmed) : jsonResponse({})))
    fakeOpenpay()
    openCheckout()
    await fillForm()
    submit()
    await screen.findByText('Tu reserva ha sido confirmada')

    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('cabanas.checkout.draft.'))).toEqual([])
    expect(
      JSON.parse(
        must(localStorage.getItem('cabanas.trip.res-7f3a'), "localStorage.getItem('cabanas.trip.res-7f3a')"),
      ),
    ).toMatchObject({
      token: 'guest-secret',
      stay: { cabinId: 'cabin-42', checkIn: '2026-07-01', checkOut: '2026-07-03' },
    })
  })
})
