import { lazy, Suspense } from 'react'
import { Spinner } from '../../components/ui/spinner'
import { useHydrated } from '../../lib/use-hydrated'
import { StaticMexicoMap } from '../maps/static-mexico-map'
import type { MapLeafletProps } from './map-leaflet'

/** Leaflet (and its CSS) in a chunk of its own, fetched in the browser only. */
const MapLeaflet = lazy(() => import('./map-leaflet').then((module) => ({ default: module.MapLeaflet })))

/**
 * The results map. The server and the hydrating render draw the outline of Mexico (same HTML on both
 * sides, nothing that needs `window`); the live map replaces it once the page is hydrated.
 */
export function ResultsMap(props: MapLeafletProps) {
  const isHydrated = useHydrated()
  const placeholder = (
    <StaticMexicoMap label="Mapa de México">
      <div className="absolute inset-0 flex items-center justify-center">
        <Spinner label="Cargando el mapa…" />
      </div>
    </StaticMexicoMap>
  )
  if (!isHydrated) return placeholder
  return (
    <Suspense fallback={placeholder}>
      <MapLeaflet {...props} />
    </Suspense>
  )
}
