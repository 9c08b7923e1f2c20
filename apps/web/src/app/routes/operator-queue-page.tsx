import { OPERATOR_LISTING_FILTERS, type OperatorListingFilter } from '@cabanas/domain/listings'
import { useSearchParams } from 'react-router'
import { FILTER_LABELS, ListingFilterNav } from '../../features/operator/listing-filter-nav'
import { ListingQueue } from '../../features/operator/listing-queue'
import { paths } from '../paths'
import { useOperatorSession } from './operator-layout'

function filterOf(search: URLSearchParams): OperatorListingFilter {
  const status = search.get('status')
  return OPERATOR_LISTING_FILTERS.find((filter) => filter === status) ?? 'submitted'
}

/** '/operador': the listings awaiting approval, oldest first; the other filters from the address. */
export function OperatorQueuePage() {
  const session = useOperatorSession()
  const [search] = useSearchParams()
  const status = filterOf(search)
  return (
    <>
      <title>{`Anuncios: ${FILTER_LABELS[status]} — Consola de operación`}</title>
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Anuncios</h1>
      <p className="mt-1 text-stone-600">
        {status === 'submitted'
          ? 'Los anuncios que esperan tu aprobación, del más antiguo al más reciente.'
          : 'Revisa, pausa o reactiva los anuncios de los anfitriones.'}
      </p>
      <div className="mt-5">
        <ListingFilterNav current={status} hrefOf={(next) => paths.operator({ status: next })} />
      </div>
      <div className="mt-6">
        <ListingQueue session={session} status={status} listingHref={paths.operatorListing} />
      </div>
    </>
  )
}
