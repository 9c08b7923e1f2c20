import type { HeaderPanel } from './header-search-context'

/** The four segments of the header search bar. */
export type SearchSegment = Extract<HeaderPanel, 'destino' | 'llegada' | 'salida' | 'huespedes'>

export const SEARCH_SEGMENTS: readonly SearchSegment[] = ['destino', 'llegada', 'salida', 'huespedes']

export function isSearchSegment(panel: HeaderPanel | null): panel is SearchSegment {
  return panel !== null && (SEARCH_SEGMENTS as readonly string[]).includes(panel)
}

/** The id of a segment's button in the full bar, so the compact pill can hand focus to it. */
export function segmentTriggerId(segment: SearchSegment): string {
  return `search-segment-${segment}`
}

/** Scrolls to the top of the page, smoothly unless the traveller prefers less motion. */
export function scrollToTop(): void {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })
}
