import { MapPin } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'

const CabinMap = lazy(() => import('./cabin-map').then((module) => ({ default: module.CabinMap })))

type CabinLocationProps = { latitude: number; longitude: number; place: string }

/** 'Dónde te quedarás': the map loads (its own chunk, Leaflet included) when it comes near the viewport. */
export function CabinLocation({ latitude, longitude, place }: CabinLocationProps) {
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

  const placeholder = (
    <div className="flex size-full items-center justify-center bg-stone-100 text-stone-400">
      <MapPin aria-hidden="true" className="size-8" />
    </div>
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
