import type { HostRequest, RequestState } from '@cabanas/domain/bookings'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { endSessionOn401 } from '../../lib/end-session-on-401'
import {
  acceptHostRequest,
  declineHostRequest,
  fetchHostRequest,
  fetchHostRequests,
} from './host-requests.api'

export type HostSession = { token: string; onUnauthorized: () => void }

/** Keyed by the token, so one host never sees another's. */
export const hostRequestKeys = {
  all: (token: string) => ['host-requests', token] as const,
  list: (token: string, status: RequestState | null) =>
    [...hostRequestKeys.all(token), 'list', status] as const,
  one: (token: string, id: string) => [...hostRequestKeys.all(token), 'one', id] as const,
}

export function useHostRequests({ token, onUnauthorized }: HostSession, status: RequestState | null) {
  return useQuery({
    queryKey: hostRequestKeys.list(token, status),
    queryFn: ({ signal }) => endSessionOn401(() => fetchHostRequests(token, status, signal), onUnauthorized),
  })
}

export function useHostRequest({ token, onUnauthorized }: HostSession, id: string) {
  return useQuery({
    queryKey: hostRequestKeys.one(token, id),
    queryFn: ({ signal }) => endSessionOn401(() => fetchHostRequest(token, id, signal), onUnauthorized),
  })
}

/** 'Aceptar' and 'Rechazar': the answer replaces the request in the cache; the lists are asked again. */
export function useAnswerRequest({ token, onUnauthorized }: HostSession, id: string) {
  const queryClient = useQueryClient()
  const settle = (answered: HostRequest) => {
    queryClient.setQueryData(hostRequestKeys.one(token, id), answered)
    void queryClient.invalidateQueries({ queryKey: [...hostRequestKeys.all(token), 'list'] })
  }
  const accept = useMutation({
    mutationFn: () => endSessionOn401(() => acceptHostRequest(token, id), onUnauthorized),
    onSuccess: settle,
  })
  const decline = useMutation({
    mutationFn: (message: string) =>
      endSessionOn401(() => declineHostRequest(token, id, message), onUnauthorized),
    onSuccess: settle,
  })
  return { accept, decline }
}
