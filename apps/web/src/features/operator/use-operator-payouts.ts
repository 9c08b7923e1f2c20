import { useQuery } from '@tanstack/react-query'
import { fetchOperatorPayouts } from './operator.api'
import { operatorKeys } from './operator-keys'
import type { OperatorSession } from './session-props'
import { endSessionOn401 } from './unauthorized'

/** The hosts' months owed, for the console's 'Pagos a anfitriones'. */
export function useOperatorPayouts({ token, onUnauthorized }: OperatorSession) {
  return useQuery({
    queryKey: operatorKeys.payouts(token),
    queryFn: ({ signal }) => endSessionOn401(() => fetchOperatorPayouts(token, signal), onUnauthorized),
  })
}
