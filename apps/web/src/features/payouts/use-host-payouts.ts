import { useQuery } from '@tanstack/react-query'
import { endSessionOn401 } from '../../lib/end-session-on-401'
import { fetchHostPayouts } from './payouts.api'

/** The query keys of a session's payouts: keyed by the token, so one host never sees another's. */
export const hostPayoutsKeys = {
  all: (token: string) => ['host-payouts', token] as const,
  month: (token: string, month: string) => [...hostPayoutsKeys.all(token), month] as const,
}

export type HostSession = { token: string; onUnauthorized: () => void }

/** The signed-in host's payout months. */
export function useHostPayouts({ token, onUnauthorized }: HostSession) {
  return useQuery({
    queryKey: hostPayoutsKeys.all(token),
    queryFn: ({ signal }) => endSessionOn401(() => fetchHostPayouts(token, signal), onUnauthorized),
  })
}
