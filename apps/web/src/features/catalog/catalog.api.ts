import { type Cabin, CabinSchema } from '@cabanas/domain/catalog'
import { apiGet } from '../../lib/api-client'

export const catalogKeys = {
  all: ['catalog'] as const,
  detail: (id: string) => [...catalogKeys.all, 'detail', id] as const,
}

export function fetchCabin(id: string, signal?: AbortSignal): Promise<Cabin> {
  return apiGet(`/habitaciones/${encodeURIComponent(id)}`, CabinSchema, { signal })
}
