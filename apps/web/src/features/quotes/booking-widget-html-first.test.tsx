import type { QuoteRequest } from '@cabanas/domain/quotes'
import { QueryClient } from '@tanstack/react-query'
import { screen, within } from '@testing-library/react'
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
import { quoteKeys } from './quotes.api'

// 12:00 in Mexico City on Friday 10 July 2026.
const NOW = new Date('2026-07-10T18:00:00Z')
const STAY = { checkIn: '2026-07-20', checkOut: '2026-07-22', guests: 2 }

const taken = () =>
  jsonResponse(
    {
      success: false,
      available: false,
      error: 'No disponible para las fechas seleccionadas',
      errorType: 'NOT_AVAILABLE',
      message: 'No disponible para las fechas seleccionadas',
    },
    409,
  )

/** The form 'Reservar' submits: its method, action and the fields it sends. */
function formOf(button: HTMLElement) {
  const form = button.closest('form')
  if (!form) throw new Error('Reservar is not in a form')
  const fields = Object.fromEntries(
    Array.from(form.querySelectorAll<HTMLInputElement>('input[type=hidden]')).map((i) => [i.name, i.value]),
  )
  return { form, method: form.getAttribute('method'), action: form.getAttribute('action'), fields }
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW })
  useWideScreen(true)
})

afterEach(() => {
  vi.useRealTimers()
})

describe('BookingWidget as HTML first', () => {
  it('opens with the quote the server rendered: total and Reservar at once, and no second quote', async () => {
    const fetchMock = mockApi()
    const cabin = buildCabin()
    const request: QuoteRequest = { habitacionId: cabin._id, ...STAY }
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    queryClient.setQueryData(quoteKeys.stay(request), { ok: true, quote: quoteFor(request) })
    renderWidget(cabin, STAY, { queryClient })

    // The first render, before any timer: what the server's HTML showed.
    expect(mainButton().textContent).toBe('Reservar')
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('$3,808 MXN')
    await advance(2000)
    expect(mainButton().textContent).toBe('Reservar')
    expect(quoteCalls(fetchMock)).toHaveLength(0)
  })

  it('makes Reservar the submit button of a GET form to the checkout with the stay', async () => {
    mockApi()
    const cabin = buildCabin()
    const { onReserve } = renderWidget(cabin, STAY)
    await advance(600)

    const card = within(screen.getByRole('complementary', { name: 'Reserva' }))
    const reserve = card.getByRole('button', { name: 'Reservar' })
    expect(reserve).toHaveAttribute('type', 'submit')
    const { form, method, action, fields } = formOf(reserve)
    expect({ method, action, fields }).toEqual({
      method: 'get',
      action: '/checkout',
      fields: { cabin: cabin._id, checkIn: '2026-07-20', checkOut: '2026-07-22', guests: '2' },
    })
    // Laid out as the other states' button: the form adds no box of its own.
    expect(form.className).toBe('contents')

    // Once the page runs, submitting is the app's own navigation (the summary goes along).
    const submitted = new Event('submit', { bubbles: true, cancelable: true })
    form.dispatchEvent(submitted)
    expect(submitted.defaultPrevented).toBe(true)
    expect(onReserve).toHaveBeenCalledWith(expect.objectContaining({ cabinId: cabin._id, ...STAY }))
  })

  it('puts the same form in the bottom bar on small screens', async () => {
    useWideScreen(false)
    mockApi()
    const cabin = buildCabin()
    renderWidget(cabin, STAY)
    await advance(600)
    const bar = within(screen.getByRole('region', { name: 'Reserva' }))
    const { action, fields } = formOf(bar.getByRole('button', { name: 'Reservar' }))
    expect(action).toBe('/checkout')
    expect(fields).toEqual({ cabin: cabin._id, checkIn: '2026-07-20', checkOut: '2026-07-22', guests: '2' })
  })

  it("shows the guest's own reservation instead of No disponible, with a link to the trip", async () => {
    mockApi({ quote: taken })
    const findOwnReservation = vi.fn(() => ({ ...STAY, tripHref: '/reserva/res-7f3a' }))
    renderWidget(buildCabin(), STAY, { findOwnReservation })
    await advance(600)

    expect(findOwnReservation).toHaveBeenCalledWith({ checkIn: '2026-07-20', checkOut: '2026-07-22' })
    expect(screen.getByRole('status')).toHaveTextContent('Ya reservaste estas fechas')
    expect(screen.queryByText('No disponible para las fechas seleccionadas')).not.toBeInTheDocument()
    const trip = screen.getByRole('link', { name: 'Ver mi reserva' })
    expect(trip).toHaveAttribute('href', '/reserva/res-7f3a')
  })

  it('says how an overlapping reservation of the guest holds part of the dates', async () => {
    mockApi({ quote: taken })
    renderWidget(buildCabin(), STAY, {
      findOwnReservation: () => ({ checkIn: '2026-07-21', checkOut: '2026-07-24', tripHref: '/reserva/r-2' }),
    })
    await advance(600)
    expect(screen.getByRole('status').textContent).toBe(
      'Ya tienes una reserva en estas fechasTu reserva: 21 – 24 jul.',
    )
  })

  it('keeps No disponible for dates taken by someone else, and for refusals of another kind', async () => {
    mockApi({ quote: taken })
    renderWidget(buildCabin(), STAY, { findOwnReservation: () => null })
    await advance(600)
    expect(mainButton().textContent).toBe('No disponible')
    expect(screen.getByRole('alert').textContent).toBe('No disponible para las fechas seleccionadas')
  })

  it('never asks about its own reservation when the stay is refused for its length', async () => {
    mockApi({
      quote: () =>
        jsonResponse(
          {
            success: false,
            available: false,
            error: 'No cumple con la estancia mínima requerida',
            errorType: 'NOCHES_MINIMAS',
          },
          400,
        ),
    })
    const findOwnReservation = vi.fn(() => ({ ...STAY, tripHref: '/reserva/r-3' }))
    renderWidget(buildCabin(), STAY, { findOwnReservation })
    await advance(600)
    expect(findOwnReservation).not.toHaveBeenCalled()
    expect(mainButton().textContent).toBe('No disponible')
  })
})
