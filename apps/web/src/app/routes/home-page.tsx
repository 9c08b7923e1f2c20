import { destinationSlug } from '@cabanas/domain/catalog'
import { PageHead } from '../../components/seo/page-head'
import { CatalogHero } from '../../features/catalog/catalog-hero'
import { HomeDestinations } from '../../features/catalog/home-destinations'
import { placeOf } from '../../features/search/destination-place'
import { useSearchActions } from '../../features/search/use-search-actions'
import { paths } from '../paths'

export function HomePage() {
  const { preselectLocation, revealSegment } = useSearchActions()
  return (
    <>
      <PageHead
        title="Cabañas MX — Renta de cabañas en México"
        description="Encuentra y reserva cabañas en los mejores destinos de México: bosques, playas, lagos y pueblos mágicos. Precios en pesos mexicanos y pago seguro con tarjeta."
        path={paths.home()}
      />
      <CatalogHero />
      <div className="mx-auto w-full max-w-7xl px-4 pt-4 pb-8 sm:px-6 sm:py-12 lg:px-8">
        <HomeDestinations
          cabinHref={(id) => paths.cabin(id)}
          destinationHref={({ population, state }) => paths.destination(destinationSlug(population, state))}
          chooseDestinationHref={(destination) => paths.home({ location: placeOf(destination) })}
          onSelectDestination={(destination) => {
            // Spec §2: remembered for the session and shown in the header; the arrival calendar opens.
            preselectLocation(placeOf(destination))
            revealSegment('llegada')
          }}
        />
      </div>
    </>
  )
}
