import { useQuery } from '@tanstack/react-query'
import { destinationKeys, fetchDestinations } from './destinations.api'

/** The home summary: destinations by cabin count, each with its carousel cabins. */
export function useDestinations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: destinationKeys.all,
    queryFn: ({ signal }) => fetchDestinations(signal),
    enabled,
  })
}
