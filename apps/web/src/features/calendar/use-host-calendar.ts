import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { isApiError } from '../../lib/api-client'
import { fetchHostCalendar } from './calendar.api'

/** Every read of one listing's calendar starts with this key: a change refreshes them all. */
export const hostCalendarKey = (token: string, listingId: string) =>
  ['host-calendar', token, listingId] as const

/**
 * The nights of [from, to) of a published cabin's calendar. The month shown stays on screen while the
 * next one loads. `onUnauthorized`: the server refused the token (401).
 */
export function useHostCalendar({
  token,
  listingId,
  from,
  to,
  onUnauthorized,
}: {
  token: string
  listingId: string
  from: string
  to: string
  onUnauthorized: () => void
}) {
  return useQuery({
    queryKey: [...hostCalendarKey(token, listingId), from, to],
    queryFn: async ({ signal }) => {
      try {
        return await fetchHostCalendar(token, listingId, { from, to }, signal)
      } catch (error) {
        if (isApiError(error) && error.status === 401) onUnauthorized()
        throw error
      }
    },
    placeholderData: keepPreviousData,
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  })
}
