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
  /** The home's first view (HomeDestinationsData): what the home and the header search read first. */
  firstView: ['destinations', 'first-view'] as const,
}

/** Carousels drawn in the home's first HTML; the others when the guest scrolls near them. */
export const FIRST_CAROUSELS = 4

/**
 * The home's destinations as its first view needs them. A server-rendered home cuts the cabins of the
 * carousels it does not draw to the first one with its first photo (its popular tile's photo): 65
 * cabins with five photos each made the page's state 94 KB (10.7 KB gzip) for four carousels.
 * `trimmed` says the others' cabins are still to be fetched (the full list, when the guest scrolls near).
 */
export type HomeDestinationsData = DestinationsResponse & { trimmed?: true }

/** The first view of `response`: the first FIRST_CAROUSELS destinations with cabins whole, the rest cut. */
export function firstViewOf(response: DestinationsResponse): HomeDestinationsData {
  let drawn = 0
  let trimmed = false
  const destinations = response.destinations.map((destination) => {
    if (destination.cabins.length === 0) return destination
    drawn += 1
    if (drawn <= FIRST_CAROUSELS || destination.cabins.length === 1) return destination
    trimmed = true
    const [first] = destination.cabins
    return { ...destination, cabins: first ? [{ ...first, images: first.images.slice(0, 1) }] : [] }
  })
  return trimmed ? { destinations, trimmed } : { destinations }
}

/** GET /api/destinations: the home's destinations and their carousels. */
export function fetchDestinations(signal?: AbortSignal): Promise<DestinationsResponse> {
  return apiGet('/api/destinations', DestinationsResponseSchema, { signal })
}

/** Server rendering: the home's first view from the API's own data function (ssr/server-routes). */
export async function prefetchDestinations(queryClient: QueryClient, data: PageData): Promise<void> {
  const body = await data.destinations()
  const response = parseOrThrow(await DestinationsResponseSchema.loadSchema(), body, 'destinations')
  queryClient.setQueryData(destinationKeys.firstView, firstViewOf(response))
}
