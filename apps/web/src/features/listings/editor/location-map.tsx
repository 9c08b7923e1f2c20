import 'leaflet/dist/leaflet.css'
import { MEXICO_BOUNDS } from '@cabanas/domain/listings'
import L from 'leaflet'
import { useEffect } from 'react'
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet'
import { config } from '../../../lib/config'
import { TileLayerWithFallback } from '../../maps/tile-layer-with-fallback'

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
const PIN_ZOOM = 14

const pinIcon = L.divIcon({
  className: '',
  iconSize: [44, 44],
  iconAnchor: [22, 44],
  html:
    '<svg xmlns="http://www.w3.org/2000/svg" width="44" height="44" viewBox="0 0 24 24" fill="#24553c" stroke="white" ' +
    'stroke-width="1.5"><path d="M12 22s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12z"/><circle cx="12" cy="10" r="2.5" fill="white"/></svg>',
})

export type Pin = { latitude: number; longitude: number }

type LocationMapProps = { pin: Pin | undefined; onChange: (pin: Pin) => void; disabled: boolean }

function TapToPlace({ onChange, disabled }: Omit<LocationMapProps, 'pin'>) {
  useMapEvents({
    click: (event) => {
      if (!disabled) onChange({ latitude: event.latlng.lat, longitude: event.latlng.lng })
    },
  })
  return null
}

/** Follows a pin set from outside the map ('Usar mi ubicación'). */
function FollowPin({ pin }: { pin: Pin | undefined }) {
  const map = useMap()
  useEffect(() => {
    if (pin && !map.getBounds().contains([pin.latitude, pin.longitude])) {
      map.setView([pin.latitude, pin.longitude], PIN_ZOOM)
    }
  }, [map, pin])
  return null
}

/** Where the place is: a tap puts the pin, a drag moves it. Browser only (Leaflet reads `window`). */
export function LocationMap({ pin, onChange, disabled }: LocationMapProps) {
  return (
    <MapContainer
      {...(pin
        ? { center: [pin.latitude, pin.longitude] as [number, number], zoom: PIN_ZOOM }
        : {
            bounds: [
              [MEXICO_BOUNDS.south, MEXICO_BOUNDS.west],
              [MEXICO_BOUNDS.north, MEXICO_BOUNDS.east],
            ] as [[number, number], [number, number]],
          })}
      minZoom={4}
      maxZoom={18}
      scrollWheelZoom={false}
      className="size-full"
    >
      <TileLayerWithFallback url={config.mapTileUrl} attribution={ATTRIBUTION} />
      <TapToPlace onChange={onChange} disabled={disabled} />
      <FollowPin pin={pin} />
      {pin && (
        <Marker
          position={[pin.latitude, pin.longitude]}
          icon={pinIcon}
          draggable={!disabled}
          title="Tu alojamiento"
          alt="Tu alojamiento"
          eventHandlers={{
            dragend: (event) => {
              const { lat, lng } = (event.target as L.Marker).getLatLng()
              onChange({ latitude: lat, longitude: lng })
            },
          }}
        />
      )}
    </MapContainer>
  )
}
