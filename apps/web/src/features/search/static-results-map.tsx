import type { SearchResult } from '@cabanas/domain/search'
import type { ReactNode } from 'react'
import { pluralize } from '../../lib/plural'
import { isOnStaticMap, StaticMexicoMap } from '../maps/static-mexico-map'

type StaticResultsMapProps = {
  results: readonly SearchResult[]
  /** Where the map is in the first view (the wide column): its picture is fetched at once there. */
  firstViewMedia?: string
  /** Drawn over the picture (the live map's loading state). */
  children?: ReactNode
}

/** What the picture shows, for screen readers: the cabins it marks. */
export function staticResultsLabel(results: readonly SearchResult[]): string {
  const count = results.filter((result) => isOnStaticMap(result.location)).length
  return count === 0 ? 'Mapa de México' : `Mapa de México con ${pluralize(count, 'cabaña', 'cabañas')}`
}

/**
 * The results on a picture of Mexico: a dot per cabin at its place, from the results the page already
 * has. The server draws it in the map column, so the column is never empty; it reads the same without
 * JavaScript, and the live map replaces it in its box (same size: nothing moves).
 */
export function StaticResultsMap({ results, firstViewMedia, children }: StaticResultsMapProps) {
  const pins = results.map((result) => ({
    key: result._id,
    latitude: result.location.latitude,
    longitude: result.location.longitude,
    icon: (
      <span
        data-testid="static-map-marker"
        className="block size-3.5 rounded-full border-2 border-white bg-[#24553c] shadow-[0_1px_4px_rgb(0_0_0/0.35)]"
      />
    ),
  }))
  return (
    <StaticMexicoMap label={staticResultsLabel(results)} pins={pins} firstViewMedia={firstViewMedia}>
      {children}
    </StaticMexicoMap>
  )
}
