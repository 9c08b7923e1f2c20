import 'leaflet/dist/leaflet.css'
import L from 'leaflet'
import { MapContainer, Marker } from 'react-leaflet'
import { config } from '../../lib/config'
import { TileLayerWithFallback } from '../maps/tile-layer-with-fallback'

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
/** Close enough to judge the pin against roads and towns. */
const ZOOM = 14

const pinIcon = L.divIcon({
  className: '',
  iconSize: [28, 28],
  iconAnchor: [14, 14],
  html:
    '<div style="width:28px;height:28px;border-radius:9999px;background:#24553c;border:3px solid white;' +
    'box-shadow:0 0 0 6px rgb(36 85 60 / 0.25),0 4px 12px rgb(0 0 0 / 0.3)"></div>',
})

type ListingPinMapProps = { latitude: number; longitude: number; label: string }

/** The host's pin on a live map. Browser only (Leaflet reads `window`): ListingLocation loads it lazily. */
export function ListingPinMap({ latitude, longitude, label }: ListingPinMapProps) {
  return (
    <MapContainer
      center={[latitude, longitude]}
      zoom={ZOOM}
      minZoom={5}
      maxZoom={18}
      scrollWheelZoom={false}
      className="size-full"
    >
      <TileLayerWithFallback url={config.mapTileUrl} attribution={ATTRIBUTION} />
      <Marker position={[latitude, longitude]} icon={pinIcon} title={label} alt={label} keyboard={false} />
    </MapContainer>
  )
}
