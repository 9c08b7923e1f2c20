import type { Destination } from '@cabanas/domain/catalog'
import { formatMxn } from '@cabanas/domain/shared'
import { ImageOff } from 'lucide-react'
import { pluralize } from '../../lib/plural'

/**
 * Spec §9: how many destinations the grid shows. The domain's `POPULAR_DESTINATIONS` lives in the
 * module of the destination schemas, which would bring zod into the first view; a test keeps the two
 * equal.
 */
export const POPULAR_DESTINATION_COUNT = 6

type PopularDestinationsProps = {
  destinations: readonly Destination[]
  onSelect: (destination: Destination) => void
}

/**
 * Spec §2: the top destinations by cabin count, with their count and the lowest nightly price of the
 * cabins that can be booked (none: no price).
 */
export function PopularDestinations({ destinations, onSelect }: PopularDestinationsProps) {
  return (
    <section aria-labelledby="popular-heading">
      <h2 id="popular-heading" className="text-2xl font-semibold tracking-tight text-stone-900">
        Destinos populares
      </h2>
      <p className="mt-1 text-stone-600">Elige un destino y luego tus fechas.</p>
      <ul className="-mx-4 mt-5 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:mt-6 sm:grid sm:grid-cols-2 sm:gap-5 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3 [&::-webkit-scrollbar]:hidden">
        {destinations.slice(0, POPULAR_DESTINATION_COUNT).map((destination, index) => {
          const image = destination.cabins[0]?.images[0]
          return (
            <li
              key={`${destination.population}, ${destination.state}`}
              className="w-[72%] shrink-0 snap-start sm:w-auto"
            >
              <button
                type="button"
                onClick={() => onSelect(destination)}
                className="group relative block aspect-[4/3] w-full overflow-hidden rounded-2xl bg-stone-300 text-left lg:aspect-[16/10]"
              >
                {image ? (
                  <img
                    src={image.preview}
                    alt=""
                    width={640}
                    height={427}
                    loading={index < 2 ? 'eager' : 'lazy'}
                    decoding="async"
                    className="absolute inset-0 size-full object-cover transition-transform duration-500 motion-safe:group-hover:scale-105"
                  />
                ) : (
                  <ImageOff aria-hidden="true" className="absolute top-4 right-4 size-6 text-stone-500" />
                )}
                <span
                  aria-hidden="true"
                  className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/20 to-transparent"
                />
                <span className="absolute inset-x-0 bottom-0 p-4 text-white sm:p-5">
                  <span className="block text-lg leading-tight font-semibold sm:text-xl">
                    {destination.population}
                  </span>
                  <span className="block text-sm text-white/85">
                    {destination.state} · {pluralize(destination.count, 'cabaña', 'cabañas')}
                  </span>
                  <span className="mt-1.5 block text-sm font-medium sm:mt-2">
                    {destination.fromPrice === null
                      ? 'Sin cabañas disponibles'
                      : `Desde ${formatMxn(destination.fromPrice)} por noche`}
                  </span>
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
