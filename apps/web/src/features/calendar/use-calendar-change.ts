import { useMutation, useQueryClient } from '@tanstack/react-query'
import { isApiError } from '../../lib/api-client'
import { hostCalendarKey } from './use-host-calendar'

/**
 * A change to the calendar (block, unblock, price…): on success every read of the listing's calendar is
 * fetched again; a refused token signs the host out.
 */
export function useCalendarChange<V>({
  token,
  listingId,
  change,
  onDone,
  onUnauthorized,
}: {
  token: string
  listingId: string
  change: (variables: V) => Promise<unknown>
  onDone?: () => void
  onUnauthorized: () => void
}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: change,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: hostCalendarKey(token, listingId) })
      onDone?.()
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) onUnauthorized()
    },
  })
}

/**
 * What to tell the host when a change failed: the API's own Spanish refusal, else a generic line (for a
 * 4xx without our body too, such as a proxy's 429, whose message would be 'HTTP Error: 429').
 */
export function changeErrorMessage(error: unknown): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.code !== 'HTTP_ERROR'
    ? error.message
    : 'No se pudo guardar el cambio. Revisa tu conexión e intenta de nuevo.'
}
