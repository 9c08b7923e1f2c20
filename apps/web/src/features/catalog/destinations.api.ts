import type { PageData } from '@cabanas/contracts/ssr'
import type { DestinationsResponse } from '@cabanas/domain/catalog'
import type { QueryClient } from '@tanstack/react-query'
import { apiGet, lazySchema, parseOrThrow } from '../../lib/api-client'

/**
 * The domain's schema, loaded with the first request (catalog.schemas.ts): the home is a first view,
 * rendered from the server's data, and zod's core (~15 KB gzip) would only delay it.
 */
const DestinationsResponseSchema = lazySchema(() =>
  import('./catalog.schemas').then((module) => module.DestinationsResponseSchema),
)

export const destinationKeys = {
  all: ['destinations'] as const,
}

/** GET /api/destinations: the home's destinations and their carousels. */
export function fetchDestinations(signal?: AbortSignal): Promise<DestinationsResponse> {
  return apiGet('/api/destinations', DestinationsResponseSchema, { signal })
}

/** Server rendering: the home's destinations from the API's own data function (ssr/server-routes). */
export async function prefetchDestinations(queryClient: QueryClient, data: PageData): Promise<void> {
  const body = await data.destinations()
  queryClient.setQueryData(
    destinationKeys.all,
    parseOrThrow(await DestinationsResponseSchema.loadSchema(), body, 'destinations'),
  )
}
