import { useQuery } from '@tanstack/react-query'
import { isApiError } from '../../lib/api-client'
import { listMyReservations } from './reservations.api'

type UseReservationsOptions = {
  token: string
  /** The server refused the token (401): the caller ends the session. */
  onUnauthorized: () => void
}

/**
 * Mis Reservas. Keyed by the session token, so one client never sees another's cached list. Always
 * refetched on mount: a reservation paid a moment ago must show at once.
 */
export function useReservations({ token, onUnauthorized }: UseReservationsOptions) {
  return useQuery({
    queryKey: ['reservations', token],
    queryFn: async ({ signal }) => {
      try {
        return await listMyReservations(token, signal)
      } catch (error) {
        if (isApiError(error) && error.status === 401) onUnauthorized()
        throw error
      }
    },
    staleTime: 0,
  })
}
