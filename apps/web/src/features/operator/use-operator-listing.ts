import { useQuery } from '@tanstack/react-query'
import { fetchOperatorListing } from './operator.api'
import { operatorKeys } from './operator-keys'
import type { OperatorSession } from './session-props'
import { endSessionOn401 } from './unauthorized'

/** One listing, whole, as the operator judges it. */
export function useOperatorListing({ token, onUnauthorized }: OperatorSession, id: string) {
  return useQuery({
    queryKey: operatorKeys.listing(token, id),
    queryFn: ({ signal }) => endSessionOn401(() => fetchOperatorListing(token, id, signal), onUnauthorized),
  })
}
