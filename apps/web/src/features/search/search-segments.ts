import type { HeaderPanel } from './header-search-context'

/** The four segments of the header search bar. */
export type SearchSegment = Extract<HeaderPanel, 'destino' | 'llegada' | 'salida' | 'huespedes'>

export const SEARCH_SEGMENTS: readonly SearchSegment[] = ['destino', 'llegada', 'salida', 'huespedes']

export function isSearchSegment(panel: HeaderPanel | null): panel is SearchSegment {
  return panel !== null && (SEARCH_SEGMENTS as readonly string[]).includes(panel)
}

/** The phone trigger's id: the search sheet hands focus back to it when it closes. */
export const SEARCH_TRIGGER_ID = 'search-trigger'

/** The sheet's id: the phone trigger opens it before the app runs (`popovertarget`). */
export const SEARCH_SHEET_ID = 'search-sheet'

/**
 * The ids of the HTML form's fields, one per segment: the server's bar is a form (`/results?location&
 * checkIn&checkOut&guests`) until the app runs. A link to `#search-check-in` lands on the arrival.
 */
export const SEARCH_FIELD_IDS: Record<SearchSegment, string> = {
  destino: 'search-destination',
  llegada: 'search-check-in',
  salida: 'search-check-out',
  huespedes: 'search-guests',
}

/** The segment whose HTML field `id` names, if any. */
export function segmentOfField(id: string | undefined): SearchSegment | null {
  return SEARCH_SEGMENTS.find((segment) => id === SEARCH_FIELD_IDS[segment]) ?? null
}

/** The id of a segment's button in the full bar, so the compact pill can hand focus to it. */
export function segmentTriggerId(segment: SearchSegment): string {
  return `search-segment-${segment}`
}

/** Below Tailwind's `md` the bar is not on the page: the header's one-line trigger opens it as a sheet. */
export const PHONE_QUERY = '(max-width: 47.99rem)'

/** Whether the screen is narrow enough for the sheet (a media query: no style or layout is computed). */
export function isPhone(): boolean {
  return window.matchMedia(PHONE_QUERY).matches
}

/** Scrolls to the top of the page, smoothly unless the traveller prefers less motion. */
export function scrollToTop(): void {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })
}
