import type { QuoteRequest } from '@cabanas/domain/quotes'
import { useQuery } from '@tanstack/react-query'
import { quoteKeys, requestQuote } from './quotes.api'

/**
 * The quote of one stay, asked for while `request` is set. Never cached across stays: prices and
 * availability move, and a changed stay must show nothing until its own quote arrives.
 */
export function useQuote(request: QuoteRequest | null) {
  return useQuery({
    queryKey: quoteKeys.stay(request),
    queryFn: ({ signal }) => requestQuote(request!, signal),
    enabled: request !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })
}
