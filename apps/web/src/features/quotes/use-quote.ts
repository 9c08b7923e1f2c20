import type { QuoteRequest } from '@cabanas/domain/quotes'
import { requireValue } from '@cabanas/domain/shared'
import { useQuery } from '@tanstack/react-query'
import { quoteKeys, requestQuote } from './quotes.api'

/**
 * How long a quote is shown without asking again, while its stay stays on screen: the server's quote
 * of a server-rendered page is not asked again as the page hydrates.
 */
export const QUOTE_FRESH_MS = 30_000

/**
 * The quote of one stay, asked for while `request` is set. Never cached across stays: prices and
 * availability move, and a changed stay must show nothing until its own quote arrives (a stay that
 * leaves the screen is dropped at once).
 */
export function useQuote(request: QuoteRequest | null) {
  return useQuery({
    queryKey: quoteKeys.stay(request),
    queryFn: ({ signal }) => requestQuote(requireValue(request, 'the stay to quote'), signal),
    enabled: request !== null,
    staleTime: QUOTE_FRESH_MS,
    gcTime: 0,
    retry: false,
  })
}
