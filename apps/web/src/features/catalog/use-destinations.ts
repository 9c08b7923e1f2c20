import { useQuery } from '@tanstack/react-query'
import { destinationKeys, fetchDestinations, type HomeDestinationsData } from './destinations.api'

/**
 * The home's first view: destinations by cabin count, each with its carousel cabins, but on a
 * server-rendered home (`trimmed`) the carousels not drawn yet, cut to their first cabin. In the
 * browser it is the full list. The header search reads it too (the destinations' names).
 */
export function useHomeDestinations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<HomeDestinationsData>({
    queryKey: destinationKeys.firstView,
    queryFn: ({ signal }) => fetchDestinations(signal),
    enabled,
  })
}

/** Every destination with all its carousel cabins: what a trimmed first view lacks. */
export function useDestinations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: destinationKeys.all,
    queryFn: ({ signal }) => fetchDestinations(signal),
    enabled,
  })
}
