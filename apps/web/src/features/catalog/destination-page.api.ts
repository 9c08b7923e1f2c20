import { type DestinationPage, DestinationPageSchema } from '@cabanas/domain/catalog'
import type { PageData } from '@cabanas/domain/pages'
import { type QueryClient, useQuery } from '@tanstack/react-query'
import { apiGet, parseOrThrow } from '../../lib/api-client'
import { destinationPageKeys } from './destination-page.keys'

export { destinationPageKeys }

/** GET /api/destinations/:slug: a destination's landing page. */
export function fetchDestinationPage(slug: string, signal?: AbortSignal): Promise<DestinationPage> {
  return apiGet(`/api/destinations/${encodeURIComponent(slug)}`, DestinationPageSchema, { signal })
}

export function useDestinationPage(slug: string) {
  return useQuery({
    queryKey: destinationPageKeys.detail(slug),
    queryFn: ({ signal }) => fetchDestinationPage(slug, signal),
  })
}

/** Server rendering: the page from the API's own data function. False when no destination has the slug. */
export async function prefetchDestinationPage(
  queryClient: QueryClient,
  data: PageData,
  slug: string,
): Promise<boolean> {
  const body = await data.destination(slug)
  if (body === null) return false
  queryClient.setQueryData(
    destinationPageKeys.detail(slug),
    parseOrThrow(DestinationPageSchema, body, 'destination page'),
  )
  return true
}
