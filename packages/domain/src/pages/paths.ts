import { normalizeText } from '../catalog/normalize.ts'

/**
 * Public page addresses that both the web (links) and the API (sitemap, mails, canonical URLs)
 * write. The web's `app/paths.ts` builds every other link.
 */

/** 'Valle de Bravo', 'Estado de México' → 'valle-de-bravo-estado-de-mexico'. */
export function destinationSlug(population: string, state: string): string {
  return normalizeText(`${population} ${state}`)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** A slug as the router hands it over: lower-case letters, digits and single hyphens, bounded. */
export function isDestinationSlug(value: string): boolean {
  return value.length <= 120 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value)
}

export const publicPaths = {
  home: () => '/',
  cabin: (id: string) => `/cabin/${encodeURIComponent(id)}`,
  /** Every photo of a cabin: the gallery as a page of its own, for readers without JavaScript. */
  cabinPhotos: (id: string) => `/cabin/${encodeURIComponent(id)}/fotos`,
  destination: (slug: string) => `/destinos/${encodeURIComponent(slug)}`,
  results: () => '/results',
  terms: () => '/terms',
  privacy: () => '/privacy',
} as const

/** An absolute URL under the configured public origin (never the request's Host). */
export function absoluteUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`
}
