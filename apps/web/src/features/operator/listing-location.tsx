import type { ListingDraft } from '@cabanas/domain/listings'
import { findMexicoState, findMunicipality } from '@cabanas/domain/listings'
import { LockKeyhole } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { StaticMexicoMap } from '../maps/static-mexico-map'
import { Facts, Missing, ReviewSection } from './review-section'

const ListingPinMap = lazy(() =>
  import('./listing-pin-map').then((module) => ({ default: module.ListingPinMap })),
)

type Location = NonNullable<ListingDraft['location']>

/** The municipality and state the host chose, with the town when there is one. */
export function placeOf(location: Location | undefined): string | null {
  if (!location) return null
  const state = location.stateCode ? findMexicoState(location.stateCode)?.name : undefined
  const municipality = location.municipalityCode
    ? findMunicipality(location.municipalityCode)?.name
    : undefined
  const parts = [location.locality, municipality, state].filter(Boolean)
  return parts.length > 0 ? parts.join(', ') : null
}

/** 'Ubicación': the place, the pin on the map and the private address (shown to operators only). */
export function ListingLocation({ location }: { location: Location | undefined }) {
  const place = placeOf(location)
  const pin = location?.pin
  const address = location?.address
  return (
    <ReviewSection id="ubicacion" title="Ubicación">
      {!location ? (
        <Missing />
      ) : (
        <div className="flex flex-col gap-5">
          <Facts
            items={[
              ['Estado', location.stateCode ? findMexicoState(location.stateCode)?.name : undefined],
              [
                'Municipio',
                location.municipalityCode ? findMunicipality(location.municipalityCode)?.name : undefined,
              ],
              ['Población', location.locality ?? 'La del municipio'],
              ['Coordenadas', pin ? `${pin.latitude.toFixed(5)}, ${pin.longitude.toFixed(5)}` : undefined],
            ]}
          />
          {pin ? (
            <PinMap latitude={pin.latitude} longitude={pin.longitude} place={place ?? 'el alojamiento'} />
          ) : (
            <p className="text-sm text-accent-700">El anfitrión no marcó el punto en el mapa.</p>
          )}
          <div className="rounded-xl border border-amber-200 bg-amber-50 p-4">
            <p className="flex items-center gap-2 text-sm font-semibold text-amber-950">
              <LockKeyhole aria-hidden="true" className="size-4" />
              Dirección privada
            </p>
            <p className="mt-1 text-sm text-amber-900">
              Solo la ven el equipo de Cabañas MX y el huésped con una reserva confirmada.
            </p>
            <div className="mt-3">
              <Facts
                items={[
                  ['Calle y número', address?.street],
                  ['Código postal', address?.postalCode],
                  ['Indicaciones', address?.directions ?? 'Sin indicaciones'],
                ]}
              />
            </div>
          </div>
        </div>
      )}
    </ReviewSection>
  )
}

/** Mexico's outline with the pin at once; the live map replaces it when near the screen. */
function PinMap({ latitude, longitude, place }: { latitude: number; longitude: number; place: string }) {
  const boxRef = useRef<HTMLDivElement>(null)
  const [isNear, setNear] = useState(false)
  useEffect(() => {
    const box = boxRef.current
    if (!box || isNear) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: '400px 0px' },
    )
    observer.observe(box)
    return () => observer.disconnect()
  }, [isNear])

  const label = `Punto del anfitrión en el mapa: ${place}`
  const outline = (
    <StaticMexicoMap
      label={label}
      pins={[
        {
          key: 'pin',
          latitude,
          longitude,
          icon: <span className="block size-4 rounded-full border-2 border-white bg-[#24553c] shadow" />,
        },
      ]}
    />
  )
  return (
    <div
      ref={boxRef}
      className="relative z-0 h-64 overflow-hidden rounded-2xl border border-stone-200 sm:h-80"
    >
      {isNear ? (
        <Suspense fallback={outline}>
          <ListingPinMap latitude={latitude} longitude={longitude} label={label} />
        </Suspense>
      ) : (
        outline
      )}
    </div>
  )
}
