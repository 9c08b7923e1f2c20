import { type SearchResponse, SearchResponseSchema } from '@cabanas/domain/search'
import { apiGet } from '../../lib/api-client'
import type { ResultsQuery } from './results-query'

export const searchKeys = {
  all: ['search'] as const,
  results: (query: ResultsQuery) => [...searchKeys.all, query] as const,
}

/** GET /cotizar/search: free cabins for the stay, with the stay's price (spec §7). */
export function searchCabins(query: ResultsQuery, signal?: AbortSignal): Promise<SearchResponse> {
  return apiGet('/cotizar/search', SearchResponseSchema, {
    signal,
    query: {
      location: query.location,
      guests: query.guests,
      checkIn: query.checkIn,
      checkOut: query.checkOut,
      bedrooms: query.bedrooms || undefined,
      beds: query.beds || undefined,
      bathrooms: query.bathrooms || undefined,
      amenities: query.amenities.length > 0 ? query.amenities.join(',') : undefined,
    },
  })
}
