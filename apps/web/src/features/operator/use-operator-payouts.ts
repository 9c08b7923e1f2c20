import { useQuery } from '@tanstack/react-query'
import { endSessionOn401 } from '../../lib/end-session-on-401'
import { fetchOperatorPayouts } from './operator.api'
import { operatorKeys } from './operator-keys'
import type { OperatorSession } from './session-props'

/** The hosts' months owed, for the console's 'Pagos a anfitriones'. */
export function useOperatorPayouts({ token, onUnauthorized }: OperatorSession) {
  return useQuery({
    queryKey: operatorKeys.payouts(token),
    queryFn: ({ signal }) => endSessionOn401(() => fetchOperatorPayouts(token, signal), onUnauthorized),
  })
}
