import { useQuery } from '@tanstack/react-query'
import { isApiError } from '../../lib/api-client'
import { fetchMyListings } from './listings.api'

/** Keyed by the token, so one host never sees another's listings. */
export const myListingsKey = (token: string) => ['my-listings', token] as const

/** The signed-in host's listings. `onUnauthorized`: the server refused the token (401). */
export function useMyListings({ token, onUnauthorized }: { token: string; onUnauthorized: () => void }) {
  return useQuery({
    queryKey: myListingsKey(token),
    queryFn: async ({ signal }) => {
      try {
        return await fetchMyListings(token, signal)
      } catch (error) {
        if (isApiError(error) && error.status === 401) onUnauthorized()
        throw error
      }
    },
  })
}
