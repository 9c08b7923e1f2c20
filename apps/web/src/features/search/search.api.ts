import type { PageData } from '@cabanas/contracts/ssr'
import { type SearchResponse, searchMessages } from '@cabanas/domain/search'
import type { QueryClient } from '@tanstack/react-query'
import { apiErrorOf, apiGet, isApiError, lazySchema, type QueryParams } from '../../lib/api-client'
import type { ResultsQuery } from './results-query'

/** The answer's schema loads with the first search the page makes itself (search.schemas.ts). */
const SearchResponseSchema = lazySchema(() =>
  import('./search.schemas').then((module) => module.SearchResponseSchema),
)

export const searchKeys = {
  all: ['search'] as const,
  results: (query: ResultsQuery) => [...searchKeys.all, query] as const,
}

/**
 * What a search came to: the cabins, or the API's refusal of the search itself (dates in the past,
 * too many guests…) with its code and Spanish reason. A refusal is an answer, not a failure: asking
 * again gets the same one, so the page offers to change the search instead of 'Reintentar'.
 */
export type SearchOutcome =
  | { kind: 'results'; response: SearchResponse }
  | { kind: 'refused'; code: string; message: string }

/** GET /cotizar/search: free cabins for the stay, with the stay's price (spec §7). */
export function searchCabins(query: ResultsQuery, signal?: AbortSignal): Promise<SearchResponse> {
  return apiGet('/cotizar/search', SearchResponseSchema, { signal, query: searchParamsOf(query) })
}

/** The search as `useSearchResults` keeps it: results or a refusal; network and 5xx errors throw (retry). */
export async function searchOutcome(query: ResultsQuery, signal?: AbortSignal): Promise<SearchOutcome> {
  try {
    return { kind: 'results', response: await searchCabins(query, signal) }
  } catch (error) {
    const refusal = refusalOf(error)
    if (refusal) return refusal
    throw error
  }
}

/**
 * A 4xx is the API refusing this search; a timeout (408) and rate limiting (429) pass with time and
 * stay errors. The reason is the API's message, unless the answer was not ours (no error code).
 */
export function refusalOf(error: unknown): SearchOutcome | null {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return null
  if (error.status === 408 || error.status === 429) return null
  const message = error.code === 'HTTP_ERROR' || !error.message ? searchMessages.searchError : error.message
  return { kind: 'refused', code: error.code, message }
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
 * Server rendering: the outcome of the API's own search, under the key `useSearchResults` reads, so
 * the browser's first render is the server's: the results, or the refusal with its reason. Returns
 * what the search came to; null when it failed otherwise (left to the browser, which retries).
 */
export async function prefetchSearch(
  queryClient: QueryClient,
  data: PageData,
  query: ResultsQuery,
): Promise<SearchOutcome['kind'] | null> {
  let response: SearchResponse
  try {
    response = await data.search(query)
  } catch (error) {
    const refusal = refusalOf(apiErrorOf(error))
    if (!refusal) return null
    queryClient.setQueryData(searchKeys.results(query), refusal)
    return refusal.kind
  }
  const outcome: SearchOutcome = { kind: 'results', response }
  queryClient.setQueryData(searchKeys.results(query), outcome)
  return outcome.kind
}
