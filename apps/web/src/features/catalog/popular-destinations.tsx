import { cardImageSources, type Destination } from '@cabanas/domain/catalog'
import { formatMxn } from '@cabanas/domain/shared'
import { ImageOff } from 'lucide-react'
import { Link } from 'react-router'
import { FormButton } from '../../components/ui/form-button'
import { ResponsiveImage } from '../../components/ui/responsive-image'
import { pluralize } from '../../lib/plural'

/**
 * Spec §9: how many destinations the grid shows. The domain's `POPULAR_DESTINATIONS` lives in the
 * module of the destination schemas, which would bring zod into the first view; a test keeps the two
 * equal.
 */
export const POPULAR_DESTINATION_COUNT = 6

/** How wide a tile is drawn: two columns from `sm`, three from `lg` (max-w-7xl), half a phone. */
const TILE_SIZES = '(min-width: 1280px) 392px, (min-width: 1024px) 31vw, 46vw'

type PopularDestinationsProps = {
  destinations: readonly Destination[]
  onSelect: (destination: Destination) => void
  /** Where choosing the destination goes before the app runs (the page, with it in the search). */
  chooseHref: (destination: Destination) => string
  /** The destination's landing page. */
  destinationHref: (destination: Destination) => string
}

/**
 * Spec §2: the top destinations by cabin count, with their count and the lowest nightly price of the
 * cabins that can be booked (none: no price). The tile chooses the destination and asks for dates (before
 * the app runs, it reloads the page with the destination in the search); its 'Ver cabañas' link, beside
 * it rather than inside it, opens the destination's page.
 */
export function PopularDestinations({
  destinations,
  onSelect,
  chooseHref,
  destinationHref,
}: PopularDestinationsProps) {
  return (
    <section aria-labelledby="popular-heading">
      <h2 id="popular-heading" className="text-xl font-semibold tracking-tight text-stone-900 sm:text-2xl">
        Destinos populares
      </h2>
      <p className="text-sm text-stone-600 sm:mt-1 sm:text-base">Elige un destino y luego tus fechas.</p>
      <ul className="-mx-4 mt-3 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:mt-6 sm:grid sm:grid-cols-2 sm:gap-5 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3 [&::-webkit-scrollbar]:hidden">
        {destinations.slice(0, POPULAR_DESTINATION_COUNT).map((destination) => {
          const image = destination.cabins[0]?.images[0]
          return (
            <li
              key={`${destination.population}, ${destination.state}`}
              className="relative w-[48%] shrink-0 snap-start sm:w-auto"
            >
              <FormButton
                href={chooseHref(destination)}
                onClick={() => onSelect(destination)}
                className="group relative block aspect-[5/4] w-full overflow-hidden rounded-2xl bg-stone-300 text-left sm:aspect-[4/3] lg:aspect-[16/10]"
              >
                {image ? (
                  <ResponsiveImage
                    sources={cardImageSources(image)}
                    sizes={TILE_SIZES}
                    alt=""
                    className="absolute inset-0 size-full object-cover transition-transform duration-500 motion-safe:group-hover:scale-105"
                    fallback={<NoImage />}
                  />
                ) : (
                  <NoImage />
                )}
                <span
                  aria-hidden="true"
                  className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/20 to-transparent"
                />
                <span className="absolute inset-x-0 bottom-0 p-2.5 text-white sm:p-5">
                  <span className="block truncate leading-tight font-semibold sm:text-xl">
                    {destination.population}
                  </span>
                  <span className="block truncate text-xs text-white/85 sm:text-sm">
                    {destination.state} · {pluralize(destination.count, 'cabaña', 'cabañas')}
                  </span>
                  <span className="mt-0.5 block text-xs leading-snug font-medium sm:mt-2 sm:text-sm">
                    {destination.fromPrice === null
                      ? 'Sin cabañas disponibles'
                      : `Desde ${formatMxn(destination.fromPrice)} por noche`}
                  </span>
                </span>
              </FormButton>
              <Link
                to={destinationHref(destination)}
                className="absolute top-2 right-2 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-stone-900 shadow-sm hover:bg-white sm:top-3 sm:right-3 sm:px-3 sm:py-1.5 sm:text-sm"
              >
                Ver cabañas{' '}
                <span className="sr-only">{`en ${destination.population}, ${destination.state}`}</span>
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function NoImage() {
  return <ImageOff aria-hidden="true" className="absolute top-4 left-4 size-6 text-stone-500" />
}
