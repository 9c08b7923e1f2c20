import { useQuery } from '@tanstack/react-query'
import { endSessionOn401 } from '../../lib/end-session-on-401'
import { fetchOperatorListing } from './operator.api'
import { operatorKeys } from './operator-keys'
import type { OperatorSession } from './session-props'

/** One listing, whole, as the operator judges it. */
export function useOperatorListing({ token, onUnauthorized }: OperatorSession, id: string) {
  return useQuery({
    queryKey: operatorKeys.listing(token, id),
    queryFn: ({ signal }) => endSessionOn401(() => fetchOperatorListing(token, id, signal), onUnauthorized),
  })
}
