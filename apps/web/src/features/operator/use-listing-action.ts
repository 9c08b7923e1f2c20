import { useMutation, useQueryClient } from '@tanstack/react-query'
import { endSessionOn401 } from '../../lib/end-session-on-401'
import { actOnListing, type ListingAction } from './operator.api'
import { operatorKeys } from './operator-keys'
import type { OperatorSession } from './session-props'

/**
 * Approve, return, pause or unpause a listing. Settled either way, the console refetches (a 409 means
 * someone else acted: the fresh listing shows what they did): the queues not on screen too, and before
 * the action's callers run, so the queue an approval leads back to no longer lists the approved listing.
 */
export function useListingAction({ token, onUnauthorized }: OperatorSession, id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (action: ListingAction) =>
      endSessionOn401(() => actOnListing(token, id, action), onUnauthorized),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all(token), refetchType: 'all' }),
  })
}
