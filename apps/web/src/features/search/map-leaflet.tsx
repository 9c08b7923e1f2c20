import { requireValue } from '@cabanas/domain/shared'
import 'leaflet/dist/leaflet.css'
import './results-map.css'
import type { SearchResult } from '@cabanas/domain/search'
import L from 'leaflet'
import { useEffect, useMemo, useRef } from 'react'
import { MapContainer, Marker, Pane, Popup, useMap } from 'react-leaflet'
import { config } from '../../lib/config'
import { formatMxn } from '../../lib/format'
import { TileLayerWithFallback } from '../maps/tile-layer-with-fallback'
import { groupByCoordinates, type MarkerGroup } from './map-groups'
import { GroupPopup, POPUP_WIDTH } from './map-popup'

/** Spec §9: centre of Mexico, zoom 6 (5–18), confined to the country. */
const MEXICO_CENTER: L.LatLngTuple = [23.6, -102.5]
const MEXICO_BOUNDS: L.LatLngBoundsExpression = [
  [14.5, -118],
  [32.7, -86],
]
const SINGLE_CABIN_ZOOM = 12
/**
 * Room kept around the markers when the map fits them: half a price pill at the sides, the zoom buttons
 * above, and below the phone's 'Mostrar lista' button (72 px from the bottom) and the attribution.
 */
const FIT_PADDING: L.FitBoundsOptions = { paddingTopLeft: [56, 88], paddingBottomRight: [56, 104] }
/** Under the markers' pane (600): a marker's wider touch target never covers another marker's pill. */
const TARGETS_PANE_Z = 550
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'

export type MapLeafletProps = {
  results: readonly SearchResult[]
  /** The cabin whose card the pointer is over: its popup opens. */
  activeId: string | null
  cabinHref: (id: string) => string
  /** Called once the map is drawn (its first view is set). */
  onReady?: () => void
}

/**
 * The results on a Leaflet map of Mexico: price markers, numbered where cabins share a spot (spec §2).
 * Browser only (Leaflet reads `window` when imported): `ResultsMap` loads it after hydration.
 */
export function MapLeaflet({ results, activeId, cabinHref, onReady }: MapLeafletProps) {
  const groups = useMemo(() => groupByCoordinates(results), [results])
  const markers = useRef(new Map<string, L.Marker>())
  const activeGroup = activeId
    ? groups.find((group) => group.items.some((item) => item._id === activeId))
    : undefined

  useEffect(() => {
    if (activeGroup) markers.current.get(activeGroup.key)?.openPopup()
  }, [activeGroup])

  return (
    <MapContainer
      center={MEXICO_CENTER}
      zoom={6}
      minZoom={5}
      maxZoom={18}
      maxBounds={MEXICO_BOUNDS}
      maxBoundsViscosity={1}
      className="size-full"
      whenReady={onReady}
    >
      <TileLayerWithFallback url={config.mapTileUrl} attribution={ATTRIBUTION} />
      <FitToMarkers groups={groups} />
      <Pane name="marker-targets" style={{ zIndex: TARGETS_PANE_Z }}>
        {groups.map((group) => (
          <MarkerTarget
            key={group.key}
            group={group}
            onTap={() => markers.current.get(group.key)?.openPopup()}
          />
        ))}
      </Pane>
      {groups.map((group) => (
        <GroupMarker
          key={group.key}
          group={group}
          isActive={group === activeGroup}
          activeId={activeId}
          cabinHref={cabinHref}
          markerRef={(marker) => {
            if (marker) markers.current.set(group.key, marker)
            else markers.current.delete(group.key)
          }}
        />
      ))}
    </MapContainer>
  )
}

/** Shows every marker whenever the results change, and again when the map's box changes size. */
function FitToMarkers({ groups }: { groups: readonly MarkerGroup<SearchResult>[] }) {
  const map = useMap()
  useEffect(() => {
    const fit = () => {
      if (groups.length === 0) {
        map.setView(MEXICO_CENTER, 6)
      } else if (groups.length === 1) {
        const only = requireValue(groups[0], 'the only marker group')
        map.setView([only.latitude, only.longitude], SINGLE_CABIN_ZOOM)
      } else {
        const bounds = L.latLngBounds(groups.map((group) => [group.latitude, group.longitude]))
        map.fitBounds(bounds, { ...FIT_PADDING, maxZoom: 14 })
      }
    }
    fit()
    // Leaflet measures its box once; a resized window or panel needs a new measure and fit.
    let lastWidth = map.getContainer().clientWidth
    let lastHeight = map.getContainer().clientHeight
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return
      const { width, height } = entry.contentRect
      if (Math.abs(width - lastWidth) < 1 && Math.abs(height - lastHeight) < 1) return
      lastWidth = width
      lastHeight = height
      map.invalidateSize({ pan: false })
      fit()
    })
    observer.observe(map.getContainer())
    return () => observer.disconnect()
  }, [map, groups])
  return null
}

/** A group's first cabin: a group is made of at least one. */
function firstOf(group: MarkerGroup<SearchResult>): SearchResult {
  return requireValue(group.items[0], 'the first cabin of a marker group')
}

/** What a marker reads: the stay's average per night (the figure of the card and the popup), or how many share it. */
function markerLabel(group: MarkerGroup<SearchResult>): string {
  const count = group.items.length
  return count === 1 ? formatMxn(firstOf(group).stay.pricePerNight) : `${count} cabañas`
}

function markerIcon(group: MarkerGroup<SearchResult>, isActive: boolean): L.DivIcon {
  const count = group.items.length
  const label = markerLabel(group)
  return L.divIcon({
    className: '',
    iconSize: [0, 0],
    html: `<span class="price-marker" data-testid="map-marker" data-cabins="${count}" data-active="${isActive}">${label}</span>`,
  })
}

type GroupMarkerProps = {
  group: MarkerGroup<SearchResult>
  isActive: boolean
  activeId: string | null
  cabinHref: (id: string) => string
  markerRef: (marker: L.Marker | null) => void
}

function GroupMarker({ group, isActive, activeId, cabinHref, markerRef }: GroupMarkerProps) {
  const icon = useMemo(() => markerIcon(group, isActive), [group, isActive])
  const first = firstOf(group)
  const title =
    group.items.length === 1
      ? first.propertyDetails.name
      : `${group.items.length} cabañas en ${first.location.population}`
  const activeIndex = Math.max(
    0,
    group.items.findIndex((item) => item._id === activeId),
  )

  return (
    <Marker
      ref={markerRef}
      position={[group.latitude, group.longitude]}
      icon={icon}
      title={title}
      zIndexOffset={isActive ? 1000 : 0}
    >
      <Popup className="cabin-popup" minWidth={POPUP_WIDTH} maxWidth={POPUP_WIDTH} autoPanPadding={[24, 24]}>
        <GroupPopup key={activeIndex} group={group} initialIndex={activeIndex} cabinHref={cabinHref} />
      </Popup>
    </Marker>
  )
}

/**
 * A marker's touch target, at least 44 × 44 px (WCAG 2.5.5), in a pane under the markers: an invisible
 * copy of the pill with a taller hit area. A tap there opens the marker's card; a tap on a pill drawn over
 * it still goes to that pill. Pointers only: the marker itself is the one keyboards reach.
 */
function MarkerTarget({ group, onTap }: { group: MarkerGroup<SearchResult>; onTap: () => void }) {
  const icon = useMemo(
    () =>
      L.divIcon({
        className: '',
        iconSize: [0, 0],
        html: `<span class="price-marker marker-target" aria-hidden="true">${markerLabel(group)}</span>`,
      }),
    [group],
  )
  return (
    <Marker
      position={[group.latitude, group.longitude]}
      icon={icon}
      keyboard={false}
      pane="marker-targets"
      eventHandlers={{ click: onTap }}
    />
  )
}
