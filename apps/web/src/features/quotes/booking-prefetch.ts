import type { PageData } from '@cabanas/contracts/ssr'
import type { Cabin } from '@cabanas/domain/catalog'
import type { QueryClient } from '@tanstack/react-query'
import { firstArrivalInMexico } from '../../lib/calendar-month'
import { prefetchCabinCalendar, prefetchQuote } from './quotes.api'
import { stayInAddress } from './stay'
import { quoteRequestFor } from './use-booking-quote'

/**
 * Server rendering of a cabin page: what its booking widget reads first, the calendar and the quote
 * of the stay in the address (the same request the widget would make), so the first paint shows the
 * stay's total and an enabled 'Reservar', or the refusal the browser would show. Whatever cannot be
 * read is left to the browser, which asks for it as it always did.
 */
export async function prefetchBooking(
  queryClient: QueryClient,
  data: PageData,
  cabin: Cabin,
  search: URLSearchParams,
): Promise<void> {
  const request = quoteRequestFor(cabin, stayInAddress(search, cabin.propertyDetails), firstArrivalInMexico())
  await Promise.all([
    prefetchCabinCalendar(queryClient, data, cabin._id).catch(() => undefined),
    request && prefetchQuote(queryClient, data, request).catch(() => undefined),
  ])
}
