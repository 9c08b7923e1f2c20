import { useQuery } from '@tanstack/react-query'
import { isApiError } from '../../lib/api-client'
import { fetchHostPayouts } from './payouts.api'

/** The query keys of a session's payouts: keyed by the token, so one host never sees another's. */
export const hostPayoutsKeys = {
  all: (token: string) => ['host-payouts', token] as const,
  month: (token: string, month: string) => [...hostPayoutsKeys.all(token), month] as const,
}

export type HostSession = { token: string; onUnauthorized: () => void }

/** Runs `request`; a 401 ends the session first, then the error goes on. */
export async function endSessionOn401<T>(request: () => Promise<T>, onUnauthorized: () => void): Promise<T> {
  try {
    return await request()
  } catch (error) {
    if (isApiError(error) && error.status === 401) onUnauthorized()
    throw error
  }
}

/** The signed-in host's payout months. */
export function useHostPayouts({ token, onUnauthorized }: HostSession) {
  return useQuery({
    queryKey: hostPayoutsKeys.all(token),
    queryFn: ({ signal }) => endSessionOn401(() => fetchHostPayouts(token, signal), onUnauthorized),
  })
}
