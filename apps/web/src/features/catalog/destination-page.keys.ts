/**
 * The query cache key of a destination's landing page, apart from its fetcher: the header search reads
 * the page's places from the cache without bringing the page's schema (zod) into its first view.
 */
export const destinationPageKeys = {
  detail: (slug: string) => ['destination-page', slug] as const,
}
