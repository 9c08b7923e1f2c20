import type { ReservationDetails } from '@cabanas/domain/reservations'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { cancelTrip, fetchTrip } from './trip.api'
import type { TripCredentials } from './trip-access'

/** Keyed by the credentials too: what one session or link may see is never shown to another. */
const tripKey = (id: string, { sessionToken, accessToken }: TripCredentials) =>
  ['trip', id, sessionToken ?? '', accessToken ?? ''] as const

/** The trip page's reservation; refetched on mount, so a status changed elsewhere shows. */
export function useTrip(id: string, credentials: TripCredentials) {
  return useQuery({
    queryKey: tripKey(id, credentials),
    queryFn: ({ signal }) => fetchTrip(id, credentials, signal),
    staleTime: 0,
  })
}

/** Cancels the reservation; the page shows the answer's state at once, Mis Reservas refetches. */
export function useCancelTrip(id: string, credentials: TripCredentials) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => cancelTrip(id, credentials),
    onSuccess: ({ reservation }) => {
      queryClient.setQueryData<ReservationDetails>(tripKey(id, credentials), reservation)
      void queryClient.invalidateQueries({ queryKey: ['reservations'] })
    },
  })
}
