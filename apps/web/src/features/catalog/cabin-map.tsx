import 'leaflet/dist/leaflet.css'
import L from 'leaflet'
import { MapContainer, Marker } from 'react-leaflet'
import { config } from '../../lib/config'
import { TileLayerWithFallback } from '../maps/tile-layer-with-fallback'

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
const ZOOM = 12
/** Without tiles the outline shows the cabin's region of Mexico: its state and the neighbours. */
const OUTLINE_ZOOM = 6

/** A house in a brand-green circle: where the cabin is. */
const cabinIcon = L.divIcon({
  className: '',
  iconSize: [44, 44],
  iconAnchor: [22, 22],
  html:
    '<div style="display:flex;align-items:center;justify-content:center;width:44px;height:44px;border-radius:9999px;' +
    'background:#24553c;box-shadow:0 0 0 6px rgb(36 85 60 / 0.2),0 4px 12px rgb(0 0 0 / 0.25)">' +
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="white" ' +
    'stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M15 21v-8a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v8"/>' +
    '<path d="M3 10a2 2 0 0 1 .709-1.528l7-5.999a2 2 0 0 1 2.582 0l7 5.999A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"/></svg></div>',
})

type CabinMapProps = { latitude: number; longitude: number; place: string }

/**
 * A small map of the cabin's place; the wheel scrolls the page, not the map. Browser only (Leaflet
 * reads `window` when imported): `CabinLocation` loads it after hydration, near the viewport.
 */
export function CabinMap({ latitude, longitude, place }: CabinMapProps) {
  return (
    <MapContainer
      center={[latitude, longitude]}
      zoom={ZOOM}
      minZoom={5}
      maxZoom={18}
      scrollWheelZoom={false}
      className="size-full"
    >
      <TileLayerWithFallback
        url={config.mapTileUrl}
        attribution={ATTRIBUTION}
        outlineMaxZoom={OUTLINE_ZOOM}
      />
      <Marker position={[latitude, longitude]} icon={cabinIcon} title={place} alt={place} keyboard={false} />
    </MapContainer>
  )
}
