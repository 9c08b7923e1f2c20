import { useQuery } from '@tanstack/react-query'
import { catalogKeys, fetchCabin } from './catalog.api'

export function useCabin(id: string) {
  return useQuery({
    queryKey: catalogKeys.detail(id),
    queryFn: ({ signal }) => fetchCabin(id, signal),
  })
}
