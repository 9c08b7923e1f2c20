import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ResultsQuery } from './results-query'
import { searchCabins, searchKeys } from './search.api'

/** The results of one search; while filters change, the previous results stay on screen. */
export function useSearchResults(query: ResultsQuery) {
  return useQuery({
    queryKey: searchKeys.results(query),
    queryFn: ({ signal }) => searchCabins(query, signal),
    placeholderData: keepPreviousData,
  })
}
