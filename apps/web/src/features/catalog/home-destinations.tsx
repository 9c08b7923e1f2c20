import type { Destination } from '@cabanas/domain/catalog'
import { Trees } from 'lucide-react'
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
}

/** The home page's content: popular destinations, then one carousel per destination, by size. */
export function HomeDestinations({ cabinHref, destinationHref, onSelectDestination }: HomeDestinationsProps) {
  const query = useDestinations()

  if (query.isPending) return <CabinsLoading />
  if (query.isError) return <CabinsError onRetry={() => void query.refetch()} />
  const { destinations } = query.data
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
      <PopularDestinations
        destinations={destinations}
        onSelect={onSelectDestination}
        destinationHref={destinationHref}
      />
      {destinations
        .filter((destination) => destination.cabins.length > 0)
        .map((destination, index) => (
          <DestinationCarousel
            key={`${destination.population}, ${destination.state}`}
            destination={destination}
            cabinHref={cabinHref}
            destinationHref={destinationHref(destination)}
            isFirst={index === 0}
          />
        ))}
    </div>
  )
}
