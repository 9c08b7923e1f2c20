import type { PageData } from '@cabanas/contracts/ssr'
import type { DestinationPage } from '@cabanas/domain/catalog'
import { type QueryClient, useQuery } from '@tanstack/react-query'
import { apiGet, lazySchema, parseOrThrow } from '../../lib/api-client'
import { destinationPageKeys } from './destination-page.keys'

export { destinationPageKeys }

/** The page's schema loads with the first request (catalog.schemas.ts). */
const DestinationPageSchema = lazySchema(() =>
  import('./catalog.schemas').then((module) => module.DestinationPageSchema),
)

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
    parseOrThrow(await DestinationPageSchema.loadSchema(), body, 'destination page'),
  )
  return true
}
