import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ResultsQuery } from './results-query'
import { searchKeys, searchOutcome } from './search.api'

/**
 * The outcome of one search (results or the API's refusal); while filters change, the previous
 * outcome stays on screen.
 */
export function useSearchResults(query: ResultsQuery) {
  return useQuery({
    queryKey: searchKeys.results(query),
    queryFn: ({ signal }) => searchOutcome(query, signal),
    placeholderData: keepPreviousData,
  })
}
