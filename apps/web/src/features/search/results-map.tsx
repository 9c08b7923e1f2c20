import { lazy, Suspense, useState } from 'react'
import { Spinner } from '../../components/ui/spinner'
import { useHydrated } from '../../lib/use-hydrated'
import type { MapLeafletProps } from './map-leaflet'
import { StaticResultsMap } from './static-results-map'

/** Leaflet (and its CSS) in a chunk of its own, fetched in the browser only. */
const MapLeaflet = lazy(() => import('./map-leaflet').then((module) => ({ default: module.MapLeaflet })))

/** Where the map is a column beside the list (search-results.tsx, `lg`): in the first view. */
const WIDE_COLUMN_MEDIA = '(min-width: 1024px)'

type ResultsMapProps = Omit<MapLeafletProps, 'onReady'> & {
  /** The map is on screen (the wide column, or the phone's map view): the live map is worth loading. */
  isShown: boolean
}

/**
 * The results map. The server and the hydrating render draw the results on a picture of Mexico (same
 * HTML on both sides, nothing that needs `window`); once the page is hydrated and the map is on screen,
 * the live map loads over the picture, in the same box, and the picture goes once the live map is drawn.
 */
export function ResultsMap({ isShown, ...props }: ResultsMapProps) {
  const isHydrated = useHydrated()
  const [isLiveDrawn, setLiveDrawn] = useState(false)
  const isLive = isHydrated && isShown

  return (
    <div className="relative size-full">
      {!(isLive && isLiveDrawn) && (
        <StaticResultsMap results={props.results} firstViewMedia={WIDE_COLUMN_MEDIA} />
      )}
      {isLive && (
        <Suspense
          fallback={
            <div className="absolute inset-0 flex items-center justify-center">
              <Spinner label="Cargando el mapa…" />
            </div>
          }
        >
          <div className="absolute inset-0">
            <MapLeaflet {...props} onReady={() => setLiveDrawn(true)} />
          </div>
        </Suspense>
      )}
    </div>
  )
}
