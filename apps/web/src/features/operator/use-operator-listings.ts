import type { OperatorListingFilter, OperatorListingSummary } from '@cabanas/domain/listings'
import { useQuery } from '@tanstack/react-query'
import { endSessionOn401 } from '../../lib/end-session-on-401'
import { fetchOperatorListings } from './operator.api'
import { operatorKeys } from './operator-keys'
import type { OperatorSession } from './session-props'

/** Oldest submission first: the host waiting longest is answered first. */
function bySubmission(a: OperatorListingSummary, b: OperatorListingSummary): number {
  return (a.submittedAt ?? '').localeCompare(b.submittedAt ?? '')
}

/** The listings of one filter; 'submitted' (the queue) oldest first. */
export function useOperatorListings(
  { token, onUnauthorized }: OperatorSession,
  status: OperatorListingFilter,
) {
  return useQuery({
    queryKey: operatorKeys.listings(token, status),
    queryFn: ({ signal }) =>
      endSessionOn401(() => fetchOperatorListings(token, status, signal), onUnauthorized),
    select: (listings) => (status === 'submitted' ? [...listings].sort(bySubmission) : listings),
  })
}
