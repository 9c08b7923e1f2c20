/** Shared by the booking widget's tests: a quote API, the widget in a router, a clock that moves. */
import type { Cabin } from '@cabanas/domain/catalog'
import type { QuoteRequest } from '@cabanas/domain/quotes'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { vi } from 'vitest'
import { BookingWidget, type BookingWidgetProps } from '../features/quotes/booking-widget'
import { initialStay, type Stay } from '../features/quotes/stay'
import { jsonResponse, mockFetch } from './fetch-mock'
import { quoteFor } from './quote-fixtures'

export { quoteFor }

type Handlers = {
  bookedNights?: string[]
  minNights?: number
  quote?: (request: QuoteRequest) => Response | Promise<Response>
}

export function mockApi({ bookedNights = [], minNights = 1, quote }: Handlers = {}) {
  return mockFetch((url, init) => {
    if (url.pathname.startsWith('/api/availability/cabin/')) {
      return jsonResponse({
        success: true,
        cabinId: url.pathname.split('/').pop(),
        from: '2026-07-10',
        to: '2027-07-10',
        minNights,
        bookedRanges: [],
        bookedNights,
      })
    }
    if (url.pathname === '/reservas/cotizar') {
      const request = JSON.parse(String(init?.body)) as QuoteRequest
      return quote ? quote(request) : jsonResponse(quoteFor(request))
    }
    return jsonResponse({ success: false, error: 'No encontrado', errorType: 'NOT_FOUND' }, 404)
  })
}

export const quoteCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([input]) => String(input).includes('/reservas/cotizar'))

export function useWideScreen(isWide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: isWide && query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }))
}

type WidgetOptions = {
  /** The query cache the page opens with (a server-rendered page's). */
  queryClient?: QueryClient
  findOwnReservation?: BookingWidgetProps['findOwnReservation']
}

export function renderWidget(cabin: Cabin, stay: Partial<Stay> = {}, options: WidgetOptions = {}) {
  const onQuoted = vi.fn()
  const onReserve = vi.fn()
  const onRequest = vi.fn()
  const queryClient =
    options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <BookingWidget
          cabin={cabin}
          initialStay={{ ...initialStay({}, cabin.propertyDetails), ...stay }}
          onQuoted={onQuoted}
          checkoutHref={({ checkIn, checkOut, guests }) =>
            `/checkout?cabin=${cabin._id}&checkIn=${checkIn}&checkOut=${checkOut}&guests=${guests}`
          }
          onReserve={onReserve}
          findOwnReservation={options.findOwnReservation}
          onRequest={onRequest}
        />
      </QueryClientProvider>
    </MemoryRouter>,
  )
  return { onQuoted, onReserve, onRequest }
}

/**
 * Moves the clock and lets the mocked responses arrive. React renders a state update made by a timer
 * when `act` ends, so the clock moves in a few rounds: the debounce settles, then the quote starts, then it lands.
 */
export async function advance(ms = 0) {
  for (const step of [ms, 0, 0]) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(step)
    })
  }
}

export const mainButton = () =>
  screen.getByRole('button', { name: /^(Reservar|Verificando\.\.\.|No disponible|Selecciona fechas)$/ })
