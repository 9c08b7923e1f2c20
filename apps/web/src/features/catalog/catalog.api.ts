import type { PageData } from '@cabanas/contracts/ssr'
import type { Cabin } from '@cabanas/domain/catalog'
import type { QueryClient } from '@tanstack/react-query'
import { apiGet, lazySchema, parseOrThrow } from '../../lib/api-client'

/** The cabin's schema loads with the first request (catalog.schemas.ts). */
const CabinSchema = lazySchema(() => import('./catalog.schemas').then((module) => module.CabinSchema))

export const catalogKeys = {
  all: ['catalog'] as const,
  detail: (id: string) => [...catalogKeys.all, 'detail', id] as const,
}

export function fetchCabin(id: string, signal?: AbortSignal): Promise<Cabin> {
  return apiGet(`/habitaciones/${encodeURIComponent(id)}`, CabinSchema, { signal })
}

/**
 * Server rendering (ssr/server-routes): the cabin from the API's own data function, read with the same
 * schema as a fetched one, into the cache key `useCabin` reads. False when there is no such cabin.
 */
export async function prefetchCabin(queryClient: QueryClient, data: PageData, id: string): Promise<boolean> {
  const body = await data.cabin(id)
  if (body === null) return false
  queryClient.setQueryData(
    catalogKeys.detail(id),
    parseOrThrow(await CabinSchema.loadSchema(), body, 'cabin'),
  )
  return true
}
