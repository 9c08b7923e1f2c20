import { useQuery } from '@tanstack/react-query'
import { endSessionOn401 } from '../../lib/end-session-on-401'
import { fetchHostToday } from './host-today.api'

/** Read again every minute: the time left to answer a request counts down from the last read. */
const HOST_TODAY_REFRESH_MS = 60_000

/** The signed-in host's 'Hoy', keyed by the token so one host never sees another's. */
export function useHostToday({ token, onUnauthorized }: { token: string; onUnauthorized: () => void }) {
  return useQuery({
    queryKey: ['host-today', token],
    queryFn: ({ signal }) => endSessionOn401(() => fetchHostToday(token, signal), onUnauthorized),
    refetchInterval: HOST_TODAY_REFRESH_MS,
  })
}
