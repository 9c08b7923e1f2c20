import type { PageData } from '@cabanas/domain/pages'
import { type SearchResponse, SearchResponseSchema } from '@cabanas/domain/search'
import type { QueryClient } from '@tanstack/react-query'
import { apiGet, parseOrThrow, type QueryParams } from '../../lib/api-client'
import type { ResultsQuery } from './results-query'

export const searchKeys = {
  all: ['search'] as const,
  results: (query: ResultsQuery) => [...searchKeys.all, query] as const,
}

/** GET /cotizar/search: free cabins for the stay, with the stay's price (spec §7). */
export function searchCabins(query: ResultsQuery, signal?: AbortSignal): Promise<SearchResponse> {
  return apiGet('/cotizar/search', SearchResponseSchema, { signal, query: searchParamsOf(query) })
}

function searchParamsOf(query: ResultsQuery): QueryParams {
  return {
    location: query.location,
    guests: query.guests,
    checkIn: query.checkIn,
    checkOut: query.checkOut,
    bedrooms: query.bedrooms || undefined,
    beds: query.beds || undefined,
    bathrooms: query.bathrooms || undefined,
    amenities: query.amenities.length > 0 ? query.amenities.join(',') : undefined,
  }
}

/**
 * Server rendering: the results from the API's own search, under the key `useSearchResults` reads.
 * A search the API refuses (dates in the past, say) is left to the browser, which shows its message.
 */
export async function prefetchSearch(queryClient: QueryClient, data: PageData, query: ResultsQuery) {
  const params: Record<string, string> = {}
  for (const [key, value] of Object.entries(searchParamsOf(query))) {
    if (value !== undefined && value !== null && value !== '') params[key] = String(value)
  }
  let body: unknown
  try {
    body = await data.search(params)
  } catch {
    return
  }
  queryClient.setQueryData(searchKeys.results(query), parseOrThrow(SearchResponseSchema, body, 'search'))
}
