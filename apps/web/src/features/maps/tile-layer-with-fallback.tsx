import './tile-layer-with-fallback.css'
import type { LatLngBoundsExpression } from 'leaflet'
import { useEffect, useMemo, useReducer } from 'react'
import { createPortal } from 'react-dom'
import { ImageOverlay, Pane, TileLayer, useMap } from 'react-leaflet'
import { MapNotice } from './map-notice'
import { MEXICO_OUTLINE } from './mexico-outline'
import {
  FIRST_TILE_WAIT_MS,
  INITIAL_TILE_STATUS,
  nextTileStatus,
  OUTLINE_MAX_ZOOM,
  type TileEvent,
} from './tile-fallback'

const OUTLINE_BOUNDS: LatLngBoundsExpression = [
  [MEXICO_OUTLINE.south, MEXICO_OUTLINE.west],
  [MEXICO_OUTLINE.north, MEXICO_OUTLINE.east],
]

type TileLayerWithFallbackProps = {
  url: string
  attribution: string
  /** The closest zoom while the outline shows. */
  outlineMaxZoom?: number
}

/**
 * The map's tiles; when they cannot be loaded, the outline of Mexico and its states under them (in a
 * pane below the tiles, so any tile that does load covers it), the zoom kept where the outline still
 * means something, and a notice over the map. Markers and popups are untouched.
 */
export function TileLayerWithFallback({
  url,
  attribution,
  outlineMaxZoom = OUTLINE_MAX_ZOOM,
}: TileLayerWithFallbackProps) {
  const map = useMap()
  const [status, dispatch] = useReducer(nextTileStatus, INITIAL_TILE_STATUS)
  const isOutline = status.mode === 'outline'
  const eventHandlers = useMemo(() => {
    const on = (event: TileEvent) => () => dispatch(event)
    return { tileload: on('tileload'), tileerror: on('tileerror') }
  }, [])

  useEffect(() => {
    const timer = window.setTimeout(() => dispatch('timeout'), FIRST_TILE_WAIT_MS)
    return () => window.clearTimeout(timer)
  }, [])

  useEffect(() => {
    if (!isOutline) return
    const container = map.getContainer()
    const maxZoom = map.getMaxZoom()
    container.dataset.tiles = 'outline'
    map.setMaxZoom(Math.min(maxZoom, outlineMaxZoom))
    return () => {
      delete container.dataset.tiles
      map.setMaxZoom(maxZoom)
    }
  }, [map, isOutline, outlineMaxZoom])

  return (
    <>
      <TileLayer url={url} attribution={attribution} eventHandlers={eventHandlers} />
      {status.hasShownOutline && (
        <Pane name="mexico-outline" className="mexico-outline-pane">
          <ImageOverlay
            url={MEXICO_OUTLINE.url}
            bounds={OUTLINE_BOUNDS}
            attribution={MEXICO_OUTLINE.attribution}
            className="mexico-outline"
          />
        </Pane>
      )}
      {createPortal(<MapNotice isShown={isOutline} />, map.getContainer())}
    </>
  )
}
