import { House } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { StaticMexicoMap } from '../maps/static-mexico-map'

const CabinMap = lazy(() => import('./cabin-map').then((module) => ({ default: module.CabinMap })))

type CabinLocationProps = { latitude: number; longitude: number; place: string }

/**
 * 'Dónde te quedarás'. The server's HTML (and a reader without JavaScript) gets Mexico's outline with
 * the cabin marked; in the browser the live map (its own chunk, Leaflet included) replaces it when it
 * comes near the viewport. The box has a fixed height, so nothing below it moves.
 */
export function CabinLocation({ latitude, longitude, place }: CabinLocationProps) {
  const boxRef = useRef<HTMLDivElement>(null)
  // Set by an effect only: the server and the hydrating render both draw the static map.
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

  const placeholder = (
    <StaticMexicoMap
      label={`Mapa de México con la ubicación de la cabaña: ${place}`}
      pins={[{ key: 'cabin', latitude, longitude, icon: <CabinPin /> }]}
    />
  )

  return (
    <section aria-labelledby="ubicacion">
      <h2 id="ubicacion" className="text-xl font-semibold text-stone-900">
        Dónde te quedarás
      </h2>
      <p className="mt-2 text-stone-700">{`${place}, México`}</p>
      <div
        ref={boxRef}
        className="relative z-0 mt-5 h-72 overflow-hidden rounded-2xl border border-stone-200 sm:h-96"
      >
        {isNear ? (
          <Suspense fallback={placeholder}>
            <CabinMap latitude={latitude} longitude={longitude} place={place} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </section>
  )
}

/** The live map's marker, drawn without Leaflet: a house in a brand-green circle. */
function CabinPin() {
  return (
    <span className="flex size-9 items-center justify-center rounded-full bg-[#24553c] text-white shadow-[0_0_0_5px_rgb(36_85_60/0.2),0_4px_12px_rgb(0_0_0/0.25)]">
      <House aria-hidden="true" className="size-4" />
    </span>
  )
}
