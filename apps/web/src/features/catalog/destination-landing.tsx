import { formatMxn } from '@cabanas/domain/shared'
import { CalendarDays, ChevronRight, House, SearchX } from 'lucide-react'
import { Link } from 'react-router'
import { DestinationHead } from '../../components/seo/destination-head'
import { NotFoundHead } from '../../components/seo/not-found-head'
import { buttonStyles } from '../../components/ui/button'
import { FormButton } from '../../components/ui/form-button'
import { HydrationIsland } from '../../components/ui/hydration-island'
import { MessagePanel } from '../../components/ui/message-panel'
import { PageSpinner } from '../../components/ui/spinner'
import { StaleNotice } from '../../components/ui/stale-notice'
import { isApiError } from '../../lib/api-client'
import { pluralize } from '../../lib/plural'
import { showsFailure } from '../../lib/query-failure'
import { CabinCard } from './cabin-card'
import { CabinsError } from './cabins-error'
import { useDestinationPage } from './destination-page.api'

type DestinationLandingProps = {
  slug: string
  homeHref: string
  cabinHref: (id: string) => string
  destinationHref: (slug: string) => string
  /** One line about the place ('Bosque, chimenea y aire fresco de montaña'), the start of the intro. */
  describe: (place: { population: string; state: string }) => string
  /** Opens the search with this destination ('población, estado') chosen, on its dates. */
  onChooseDates: (place: string) => void
  /** Where 'Elegir fechas en …' goes before the app runs (this page, with the place in the search). */
  chooseDatesHref: (place: string) => string
}

/**
 * A destination's landing page: its cabins with their 'Desde' price, a way into the search with the
 * destination already chosen, and the destinations nearby.
 */
export function DestinationLanding({
  slug,
  homeHref,
  cabinHref,
  destinationHref,
  describe,
  onChooseDates,
  chooseDatesHref,
}: DestinationLandingProps) {
  const query = useDestinationPage(slug)
  if (query.isPending) return <PageSpinner label="Cargando el destino…" />
  if (isApiError(query.error) && query.error.status === 404) {
    return (
      <>
        <NotFoundHead />
        <MessagePanel icon={<SearchX />} title="No encontramos este destino" headingLevel={1}>
          <Link to={homeHref} className={buttonStyles()}>
            <House aria-hidden="true" />
            Volver al inicio
          </Link>
        </MessagePanel>
      </>
    )
  }
  if (showsFailure(query)) {
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
    <div className="mx-auto w-full max-w-7xl px-4 pt-4 pb-10 sm:px-6 sm:pt-6 lg:px-8">
      <DestinationHead page={query.data} />
      <StaleNotice query={query} className="mb-4" />
      <Breadcrumbs homeHref={homeHref} place={place} />
      <div className="mt-3 max-w-3xl sm:mt-5">
        {/* Two lines whatever the font: the web font arriving after the first paint moves nothing. */}
        <h1 className="text-2xl font-semibold tracking-tight text-balance text-stone-900 sm:text-4xl">
          <span className="block text-base font-medium tracking-normal text-brand-700 sm:text-lg">
            Cabañas en
          </span>{' '}
          <span className="block">{place}</span>
        </h1>
        <p className="mt-1 font-medium text-stone-800 sm:mt-2 sm:text-lg">
          {pluralize(destination.count, 'cabaña', 'cabañas')}
          {destination.fromPrice !== null && <> · Desde {formatMxn(destination.fromPrice)} por noche</>}
        </p>
        <p className="mt-2 text-sm text-pretty text-stone-600 sm:text-base">
          {describe(destination)}. Compara fotos, capacidad y amenidades de cada cabaña, elige tus fechas para
          ver la disponibilidad y el total de tu estancia, y reserva en línea con pago seguro con tarjeta.
        </p>
        <FormButton
          href={chooseDatesHref(place)}
          onClick={() => onChooseDates(place)}
          className={buttonStyles({ variant: 'secondary', className: 'mt-4 w-full sm:w-auto' })}
        >
          <CalendarDays aria-hidden="true" />
          Elegir fechas en {destination.population}
        </FormButton>
      </div>

      <section aria-labelledby="destination-cabins-heading" className="mt-8 sm:mt-10">
        <h2 id="destination-cabins-heading" className="text-xl font-semibold tracking-tight text-stone-900">
          Elige tu cabaña
        </h2>
        <ul className="mt-4 grid grid-cols-1 gap-x-6 gap-y-8 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          <HydrationIsland>
            {cabins.map((cabin, index) => (
              <li key={cabin._id}>
                <CabinCard
                  cabin={cabin}
                  href={cabinHref(cabin._id)}
                  price={{ kind: 'from', amount: cabin.precioCalculado.precioBaseFinal }}
                  priority={index === 0}
                />
              </li>
            ))}
          </HydrationIsland>
        </ul>
      </section>

      {nearby.length > 0 && (
        <HydrationIsland>
          <nav aria-labelledby="nearby-heading" className="mt-12">
            <h2 id="nearby-heading" className="text-xl font-semibold tracking-tight text-stone-900">
              Otros destinos cerca
            </h2>
            <ul className="mt-4 flex flex-wrap gap-3">
              {nearby.map((other) => (
                <li key={other.slug}>
                  <Link
                    to={destinationHref(other.slug)}
                    className="inline-flex items-baseline gap-1.5 rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-medium text-stone-800 hover:border-stone-900"
                  >
                    {other.population}, {other.state}
                    <span className="text-xs font-normal text-stone-500">
                      {pluralize(other.count, 'cabaña', 'cabañas')}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </HydrationIsland>
      )}
    </div>
  )
}

/** Inicio › {destino}, as the page's BreadcrumbList says. */
function Breadcrumbs({ homeHref, place }: { homeHref: string; place: string }) {
  return (
    <nav aria-label="Ruta de navegación">
      <ol className="flex min-w-0 items-center gap-1 text-sm text-stone-600">
        <li>
          <Link to={homeHref} className="rounded hover:text-stone-900 hover:underline">
            Inicio
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRight className="size-4 text-stone-400" />
        </li>
        <li aria-current="page" className="truncate font-medium text-stone-900">
          {place}
        </li>
      </ol>
    </nav>
  )
}
