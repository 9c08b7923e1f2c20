import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { endSessionOn401 } from '../../lib/end-session-on-401'
import { operatorKeys } from './operator-keys'
import {
  fetchOperatorBookingRequests,
  fetchOperatorReservations,
  type OperatorReservationFilter,
  refundOperatorReservation,
} from './operator-reservations.api'
import type { OperatorSession } from './session-props'

const reservationsKey = (token: string) => [...operatorKeys.all(token), 'reservations'] as const

export function useOperatorReservations(session: OperatorSession, filter: OperatorReservationFilter) {
  return useQuery({
    queryKey: [...reservationsKey(session.token), filter] as const,
    queryFn: ({ signal }) =>
      endSessionOn401(() => fetchOperatorReservations(session.token, filter, signal), session.onUnauthorized),
    placeholderData: keepPreviousData,
  })
}

export function useOperatorBookingRequests(session: OperatorSession, page: number) {
  return useQuery({
    queryKey: [...operatorKeys.all(session.token), 'booking-requests', page] as const,
    queryFn: ({ signal }) =>
      endSessionOn401(
        () => fetchOperatorBookingRequests(session.token, page, signal),
        session.onUnauthorized,
      ),
    placeholderData: keepPreviousData,
  })
}

/**
 * 'Reembolsar' one reservation. A second call while one is sending is ignored; afterwards (success or
 * a refusal) the list refetches.
 */
export function useRefundReservation(session: OperatorSession, onRefunded: (message: string) => void) {
  const queryClient = useQueryClient()
  const isSending = useRef(false)
  const mutation = useMutation({
    mutationFn: (id: string) =>
      endSessionOn401(() => refundOperatorReservation(session.token, id), session.onUnauthorized),
    onSuccess: (message) => onRefunded(message),
    onSettled: () => {
      isSending.current = false
      void queryClient.invalidateQueries({ queryKey: reservationsKey(session.token) })
    },
  })
  const send = (id: string) => {
    if (isSending.current) return
    isSending.current = true
    mutation.mutate(id)
  }
  return { send, isSending: mutation.isPending, error: mutation.error, reset: mutation.reset }
}
