import type { HostCancelRequest, HostReservationTab } from '@cabanas/domain/reservations'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { endSessionOn401 } from '../../lib/end-session-on-401'
import { cancelHostReservation, fetchHostReservation, fetchHostReservations } from './host-reservations.api'

export type HostSession = { token: string; onUnauthorized: () => void }

/** Keyed by the token, so one host never sees another's reservations. */
export const hostReservationsKeys = {
  all: (token: string) => ['host-reservations', token] as const,
  tab: (token: string, tab: HostReservationTab, page: number) =>
    [...hostReservationsKeys.all(token), 'list', tab, page] as const,
  one: (token: string, id: string) => [...hostReservationsKeys.all(token), 'one', id] as const,
}

/** A page of the host's reservations in one tab. */
export function useHostReservations(
  { token, onUnauthorized }: HostSession,
  tab: HostReservationTab,
  page: number,
) {
  return useQuery({
    queryKey: hostReservationsKeys.tab(token, tab, page),
    queryFn: ({ signal }) =>
      endSessionOn401(() => fetchHostReservations(token, { tab, page }, signal), onUnauthorized),
    placeholderData: keepPreviousData,
  })
}

export function useHostReservation({ token, onUnauthorized }: HostSession, id: string) {
  return useQuery({
    queryKey: hostReservationsKeys.one(token, id),
    queryFn: ({ signal }) => endSessionOn401(() => fetchHostReservation(token, id, signal), onUnauthorized),
  })
}

/** 'Cancelar reserva': on success the reservation's answer replaces it in the cache, and the lists refetch. */
export function useCancelHostReservation({ token, onUnauthorized }: HostSession, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: HostCancelRequest) =>
      endSessionOn401(() => cancelHostReservation(token, id, body), onUnauthorized),
    onSuccess: ({ reservation }) => {
      queryClient.setQueryData(hostReservationsKeys.one(token, id), reservation)
      void queryClient.invalidateQueries({ queryKey: [...hostReservationsKeys.all(token), 'list'] })
    },
  })
}
