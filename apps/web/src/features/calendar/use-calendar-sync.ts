import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { isApiError } from '../../lib/api-client'
import { fetchCalendarSync } from './calendar-sync.api'
import { hostCalendarKey } from './use-host-calendar'

const calendarSyncKey = (token: string, listingId: string) => ['calendar-sync', token, listingId] as const

/** The export address, the imported calendars and their conflicts of one published cabin. */
export function useCalendarSync({
  token,
  listingId,
  onUnauthorized,
}: {
  token: string
  listingId: string
  onUnauthorized: () => void
}) {
  return useQuery({
    queryKey: calendarSyncKey(token, listingId),
    queryFn: async ({ signal }) => {
      try {
        return await fetchCalendarSync(token, listingId, signal)
      } catch (error) {
        if (isApiError(error) && error.status === 401) onUnauthorized()
        throw error
      }
    },
    // The import runs every few minutes: the state shown follows it.
    refetchInterval: 60_000,
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  })
}

/** A change of the sync settings: the settings and the calendar (blocks come and go) are read again. */
export function useCalendarSyncChange<V, R>({
  token,
  listingId,
  change,
  onUnauthorized,
}: {
  token: string
  listingId: string
  change: (variables: V) => Promise<R>
  onUnauthorized: () => void
}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: calendarSyncKey(token, listingId) }),
        queryClient.invalidateQueries({ queryKey: hostCalendarKey(token, listingId) }),
      ])
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) onUnauthorized()
    },
  })
}
