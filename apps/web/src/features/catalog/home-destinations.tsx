import type { Destination } from '@cabanas/domain/catalog'
import { Trees } from 'lucide-react'
import { startTransition, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { HydrationIsland } from '../../components/ui/hydration-island'
import { MessagePanel } from '../../components/ui/message-panel'
import { CabinsError } from './cabins-error'
import { CabinsLoading } from './cabins-loading'
import { DestinationCarousel } from './destination-carousel'
import { PopularDestinations } from './popular-destinations'
import { useDestinations } from './use-destinations'

type HomeDestinationsProps = {
  cabinHref: (id: string) => string
  /** A destination's landing page. */
  destinationHref: (destination: Destination) => string
  onSelectDestination: (destination: Destination) => void
  /** Where choosing a popular destination goes before the app runs. */
  chooseDestinationHref: (destination: Destination) => string
}

/**
 * Carousels in the page's first HTML. The others (a dozen more, ~200 KB of markup on a phone that
 * parses and lays out all of it before its first photo shows) are drawn when the guest scrolls near
 * them; until then, and without JavaScript, their place lists links to their destination pages.
 */
export const FIRST_CAROUSELS = 4
/** How close to the screen the remaining carousels are drawn. */
const NEAR_SCREEN = '800px'

/** The home page's content: popular destinations, then one carousel per destination, by size. */
export function HomeDestinations({
  cabinHref,
  destinationHref,
  onSelectDestination,
  chooseDestinationHref,
}: HomeDestinationsProps) {
  const query = useDestinations()
  const [showsAll, setShowsAll] = useState(false)

  if (query.isPending) return <CabinsLoading />
  // A refresh that failed (the guest came back offline) keeps what is on screen: the error shows only
  // when there is nothing to show.
  if (query.data === undefined) return <CabinsError onRetry={() => void query.refetch()} />
  const { destinations } = query.data
  const withCabins = destinations.filter((destination) => destination.cabins.length > 0)
  if (destinations.length === 0) {
    return (
      <MessagePanel
        icon={<Trees />}
        title="Aún no hay cabañas disponibles"
        description="Estamos sumando nuevos destinos. Vuelve pronto."
        headingLevel={2}
      />
    )
  }
  return (
    <div className="flex flex-col gap-7 sm:gap-16">
      <HydrationIsland>
        <PopularDestinations
          destinations={destinations}
          onSelect={onSelectDestination}
          chooseHref={chooseDestinationHref}
          destinationHref={destinationHref}
        />
      </HydrationIsland>
      {withCabins.slice(0, showsAll ? undefined : FIRST_CAROUSELS).map((destination, index) => (
        <HydrationIsland key={`${destination.population}, ${destination.state}`}>
          <DestinationCarousel
            destination={destination}
            cabinHref={cabinHref}
            destinationHref={destinationHref(destination)}
            isFirst={index === 0}
          />
        </HydrationIsland>
      ))}
      {!showsAll && withCabins.length > FIRST_CAROUSELS && (
        <MoreDestinations
          destinations={withCabins.slice(FIRST_CAROUSELS)}
          destinationHref={destinationHref}
          onNear={() => startTransition(() => setShowsAll(true))}
        />
      )}
    </div>
  )
}

type MoreDestinationsProps = {
  destinations: Destination[]
  destinationHref: (destination: Destination) => string
  /** The list came near the screen: draw the carousels instead. */
  onNear: () => void
}

/** Links to the destinations whose carousels are not drawn yet; they replace it near the screen. */
function MoreDestinations({ destinations, destinationHref, onNear }: MoreDestinationsProps) {
  const ref = useRef<HTMLElement>(null)
  const near = useRef(onNear)
  near.current = onNear
  useEffect(() => {
    const node = ref.current
    if (!node) return
    if (!('IntersectionObserver' in window)) return near.current()
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        near.current()
      },
      { rootMargin: NEAR_SCREEN },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [])
  return (
    <nav ref={ref} aria-labelledby="more-destinations-heading">
      <h2
        id="more-destinations-heading"
        className="text-xl font-semibold tracking-tight text-stone-900 sm:text-2xl"
      >
        Más destinos
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {destinations.map((destination) => (
          <li key={`${destination.population}, ${destination.state}`}>
            <Link
              to={destinationHref(destination)}
              className="block rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-medium text-stone-800 transition hover:border-stone-900"
            >
              Explora {destination.population}
              <span className="sr-only">{`, ${destination.state}`}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
