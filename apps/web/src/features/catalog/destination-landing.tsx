import { formatMxn } from '@cabanas/domain/shared'
import { House, SearchX } from 'lucide-react'
import { Link } from 'react-router'
import { DestinationHead } from '../../components/seo/destination-head'
import { buttonStyles } from '../../components/ui/button'
import { MessagePanel } from '../../components/ui/message-panel'
import { PageSpinner } from '../../components/ui/spinner'
import { pluralize } from '../../lib/plural'
import { CabinCard } from './cabin-card'
import { CabinsError } from './cabins-error'
import { useDestinationPage } from './destination-page.api'

type DestinationLandingProps = {
  slug: string
  homeHref: string
  cabinHref: (id: string) => string
  destinationHref: (slug: string) => string
}

/** A destination's cabins, with its 'Desde' price and the destinations nearby. */
export function DestinationLanding({ slug, homeHref, cabinHref, destinationHref }: DestinationLandingProps) {
  const query = useDestinationPage(slug)
  if (query.isPending) return <PageSpinner label="Cargando el destino…" />
  if (query.isError) {
    return (
      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <CabinsError onRetry={() => void query.refetch()} />
      </div>
    )
  }
  const { destination, cabins, nearby } = query.data
  const place = `${destination.population}, ${destination.state}`
  if (cabins.length === 0) {
    return (
      <MessagePanel icon={<SearchX />} title={`Aún no hay cabañas en ${place}`} headingLevel={1}>
        <Link to={homeHref} className={buttonStyles()}>
          <House aria-hidden="true" />
          Volver al inicio
        </Link>
      </MessagePanel>
    )
  }
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <DestinationHead page={query.data} />
      <h1 className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">Cabañas en {place}</h1>
      <p className="mt-1 text-stone-600">
        {pluralize(destination.count, 'cabaña', 'cabañas')}
        {destination.fromPrice !== null && <> · Desde {formatMxn(destination.fromPrice)} por noche</>}
      </p>
      <ul className="mt-6 grid grid-cols-1 gap-x-6 gap-y-8 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {cabins.map((cabin, index) => (
          <li key={cabin._id}>
            <CabinCard
              cabin={cabin}
              href={cabinHref(cabin._id)}
              price={{ kind: 'from', amount: cabin.precioCalculado.precioBaseFinal }}
              priority={index < 2}
            />
          </li>
        ))}
      </ul>
      {nearby.length > 0 && (
        <nav aria-labelledby="nearby-heading" className="mt-12">
          <h2 id="nearby-heading" className="text-xl font-semibold text-stone-900">
            Otros destinos cerca
          </h2>
          <ul className="mt-4 flex flex-wrap gap-3">
            {nearby.map((other) => (
              <li key={other.slug}>
                <Link
                  to={destinationHref(other.slug)}
                  className="inline-flex rounded-full border border-stone-300 px-4 py-2 text-sm font-medium text-stone-800 hover:border-stone-900"
                >
                  {other.population}, {other.state}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  )
}
