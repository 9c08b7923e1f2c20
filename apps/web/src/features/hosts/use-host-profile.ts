import { useQuery } from '@tanstack/react-query'
import { isApiError } from '../../lib/api-client'
import { fetchHostProfile } from './hosts.api'

/** The query key of a session's host profile: keyed by the token, so one client never sees another's. */
export const hostProfileKey = (token: string) => ['host-profile', token] as const

/** The signed-in host's profile. `onUnauthorized`: the server refused the token (401). */
export function useHostProfile({ token, onUnauthorized }: { token: string; onUnauthorized: () => void }) {
  return useQuery({
    queryKey: hostProfileKey(token),
    queryFn: async ({ signal }) => {
      try {
        return await fetchHostProfile(token, signal)
      } catch (error) {
        if (isApiError(error) && error.status === 401) onUnauthorized()
        throw error
      }
    },
  })
}
