import { useQuery } from '@tanstack/react-query'
import { endSessionOn401 } from '../../lib/end-session-on-401'
import { fetchOperatorHosts } from './operator.api'
import { operatorKeys } from './operator-keys'
import type { OperatorSession } from './session-props'

/** Every host, for the console's 'Anfitriones'. */
export function useOperatorHosts({ token, onUnauthorized }: OperatorSession) {
  return useQuery({
    queryKey: operatorKeys.hosts(token),
    queryFn: ({ signal }) => endSessionOn401(() => fetchOperatorHosts(token, signal), onUnauthorized),
  })
}
