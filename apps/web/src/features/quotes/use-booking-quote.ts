import type { Cabin } from '@cabanas/domain/catalog'
import { type QuoteRequest, type QuoteResponse, quoteMessages } from '@cabanas/domain/quotes'
import type { CalendarDate } from '@cabanas/domain/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { todayInMexico } from '../../lib/calendar-month'
import { quoteErrorMessage } from './quote-error-message'
import { quoteKeys } from './quotes.api'
import { type OwnReservation, QUOTE_DEBOUNCE_MS, type Stay } from './stay'
import { useDebouncedValue } from './use-debounced-value'
import { useQuote } from './use-quote'

/** Spec §4 booking widget states. */
export type BookingStatus =
  /** Dates missing: 'Selecciona fechas'. */
  | { kind: 'idle' }
  /** Waiting for the dates to settle or for the quote: 'Verificando...'. */
  | { kind: 'checking' }
  /** Priced and free: 'Reservar'. */
  | { kind: 'available'; quote: QuoteResponse }
  /** Refused: 'No disponible' and the §8 message; `reason`, the server's errorType when it refused. */
  | { kind: 'unavailable'; message: string; canRetry: boolean; reason?: string }
  /** Taken by the guest's own reservation (the widget knows it, never the quote): 'Ver mi reserva'. */
  | { kind: 'reserved'; reservation: OwnReservation }

/**
 * Spec §5: dates that are refused before any call. `firstArrival` is today in Mexico City, or
 * tomorrow once today's check-in time (15:00) has passed.
 */
function dateProblem({ checkIn, checkOut }: Stay, firstArrival: CalendarDate): string | null {
  if (checkIn && checkIn < firstArrival) {
    return checkIn === todayInMexico() ? quoteMessages.checkInTimePassed : quoteMessages.pastArrival
  }
  if (checkIn && checkOut && checkOut <= checkIn) return quoteMessages.dateOrder
  return null
}

/**
 * The quote the stay needs, or null when there is nothing to ask (dates missing, refused before any
 * call, or a cabin that cannot be booked). The server renderer asks the same one for the address's stay.
 */
export function quoteRequestFor(cabin: Cabin, stay: Stay, firstArrival: CalendarDate): QuoteRequest | null {
  if (cabin.restrictions.length > 0 || dateProblem(stay, firstArrival)) return null
  return stay.checkIn && stay.checkOut
    ? { habitacionId: cabin._id, checkIn: stay.checkIn, checkOut: stay.checkOut, guests: stay.guests }
    : null
}

const keyOf = (request: QuoteRequest | null) =>
  request && `${request.checkIn}/${request.checkOut}/${request.guests}`

/**
 * Quotes the stay 500 ms after its dates and guests stop changing (spec §4). The cabin page has no
 * price precalculated for the stay (GET /habitaciones/:id knows no dates), so a stay that arrives in
 * the query string is quoted the same way, unless the server rendered the page with its quote: then
 * the page opens with it (the first render shows the total, no request is made). Any change clears
 * the quote and its error at once.
 */
export function useBookingQuote(cabin: Cabin, stay: Stay, firstArrival: CalendarDate) {
  const queryClient = useQueryClient()
  const restriction = cabin.restrictions[0]?.message
  const problem = dateProblem(stay, firstArrival)
  const request = quoteRequestFor(cabin, stay, firstArrival)
  const key = keyOf(request)
  // The stay the page opened with is settled at once when its quote is already in the cache.
  const [openedWith] = useState(() =>
    request && queryClient.getQueryData(quoteKeys.stay(request)) !== undefined ? key : undefined,
  )
  // A page restored from the back-forward cache (back after paying, say) shows what it showed when it
  // was left: its quote and calendar are asked again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void queryClient.invalidateQueries({ queryKey: quoteKeys.all })
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [queryClient])
  const settledKey = useDebouncedValue(key, QUOTE_DEBOUNCE_MS, openedWith)
  const isSettled = key !== null && settledKey === key
  const quote = useQuote(isSettled ? request : null)

  let status: BookingStatus
  if (restriction) status = { kind: 'unavailable', message: restriction, canRetry: false }
  else if (problem) status = { kind: 'unavailable', message: problem, canRetry: false }
  else if (!request) status = { kind: 'idle' }
  else if (!isSettled || quote.isPending || quote.isFetching) status = { kind: 'checking' }
  else if (quote.isError) status = { kind: 'unavailable', message: quoteMessages.widgetCatch, canRetry: true }
  else if (quote.data.ok) status = { kind: 'available', quote: quote.data.quote }
  else {
    status = {
      kind: 'unavailable',
      message: quoteErrorMessage(quote.data.error),
      // A server failure may pass on a second try; a refused stay will not.
      canRetry: quote.data.error.errorType === 'SERVER_ERROR',
      reason: quote.data.error.errorType,
    }
  }
  return { status, retry: () => void quote.refetch() }
}
