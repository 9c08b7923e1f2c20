import { useQuery } from '@tanstack/react-query'
import { isApiError } from '../../../lib/api-client'
import { fetchListing } from './listing-editor.api'

export const listingKey = (token: string, id: string) => ['listing', token, id] as const

/** One of the host's listings. `onUnauthorized`: the server refused the token (401). */
export function useListing({
  token,
  id,
  onUnauthorized,
}: {
  token: string
  id: string
  onUnauthorized: () => void
}) {
  return useQuery({
    queryKey: listingKey(token, id),
    queryFn: async ({ signal }) => {
      try {
        return await fetchListing(token, id, signal)
      } catch (error) {
        if (isApiError(error) && error.status === 401) onUnauthorized()
        throw error
      }
    },
    // The editor's copy changes only by its own saves: a refetch on focus would not add anything.
    refetchOnWindowFocus: false,
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  })
}
