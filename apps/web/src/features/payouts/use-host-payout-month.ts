import { useQuery } from '@tanstack/react-query'
import { endSessionOn401 } from '../../lib/end-session-on-401'
import { fetchHostPayoutMonth } from './payouts.api'
import { type HostSession, hostPayoutsKeys } from './use-host-payouts'

/** One month's stays, loaded when the host opens its detail. */
export function useHostPayoutMonth({ token, onUnauthorized }: HostSession, month: string) {
  return useQuery({
    queryKey: hostPayoutsKeys.month(token, month),
    queryFn: ({ signal }) =>
      endSessionOn401(() => fetchHostPayoutMonth(token, month, signal), onUnauthorized),
  })
}
