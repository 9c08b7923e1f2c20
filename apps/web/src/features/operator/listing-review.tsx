import { listingApiMessages } from '@cabanas/domain/listings'
import { ExternalLink, SearchX } from 'lucide-react'
import { Link } from 'react-router'
import { Alert } from '../../components/ui/alert'
import { buttonStyles } from '../../components/ui/button'
import { MessagePanel } from '../../components/ui/message-panel'
import { PageSpinner } from '../../components/ui/spinner'
import { StaleNotice } from '../../components/ui/stale-notice'
import { isApiError } from '../../lib/api-client'
import { isStale, showsFailure } from '../../lib/query-failure'
import { ListingActions } from './listing-actions'
import {
  ListingAmenities,
  ListingCancellation,
  ListingCapacity,
  ListingDescription,
  ListingPrices,
  ListingRules,
} from './listing-details'
import { ListingLocation, placeOf } from './listing-location'
import { ListingPhotos } from './listing-photos'
import { ListingStatusBadge } from './listing-status-badge'
import type { ListingAction } from './operator.api'
import type { OperatorSession } from './session-props'
import { SubmittedTime } from './submitted-time'
import { useOperatorListing } from './use-operator-listing'

type ListingReviewProps = {
  session: OperatorSession
  id: string
  /** The published cabin's page. */
  cabinHref: (cabinId: string) => string
  onDone: (kind: ListingAction['kind']) => void
}

/** The whole listing, read-only, as the operator judges it, with the decision beside it. */
export function ListingReview({ session, id, cabinHref, onDone }: ListingReviewProps) {
  const query = useOperatorListing(session, id)
  if (query.isPending) return <PageSpinner label="Cargando el anuncio…" />
  if (showsFailure(query)) {
    const isMissing = isApiError(query.error) && query.error.status === 404
    return (
      <MessagePanel
        role="alert"
        tone="error"
        icon={<SearchX />}
        headingLevel={1}
        title={isMissing ? listingApiMessages.notFound : 'No se pudo cargar el anuncio'}
        description={isMissing ? undefined : 'Revisa tu conexión e intenta de nuevo.'}
      />
    )
  }

  const listing = query.data
  const { draft } = listing
  const title = draft.description?.title ?? 'Anuncio sin título'
  const pending = listing.steps.filter((step) => step.status !== 'complete')
  return (
    <article>
      <title>{`${title} — Consola de operación`}</title>
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <ListingStatusBadge status={listing.status} />
          {listing.submittedAt && (
            <span className="text-sm text-stone-600">
              Enviado <SubmittedTime submittedAt={listing.submittedAt} now={new Date()} />
            </span>
          )}
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-balance text-stone-900 sm:text-3xl">{title}</h1>
        <p className="text-stone-600">
          {placeOf(draft.location) ?? 'Sin ubicación'} · Anfitrión: {listing.host.displayName}
        </p>
        {listing.cabinId && (
          <Link
            to={cabinHref(listing.cabinId)}
            className={buttonStyles({ variant: 'ghost', size: 'sm', className: 'self-start -ml-4' })}
          >
            <ExternalLink aria-hidden="true" />
            Ver la cabaña publicada
          </Link>
        )}
      </header>

      <StaleNotice
        query={query}
        held="Para aprobar, devolver o pausar el anuncio, primero toca «Reintentar»."
        className="mt-6"
      />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          {listing.returnReason && (
            <Alert tone="warning" title="Motivo con el que se devolvió" className="mb-4">
              <p className="whitespace-pre-line">{listing.returnReason}</p>
            </Alert>
          )}
          {pending.length > 0 && (
            <Alert tone="warning" title="Pasos incompletos" className="mb-4">
              <ul className="list-disc pl-5">
                {pending.map((step) => (
                  <li key={step.step}>{step.title}</li>
                ))}
              </ul>
            </Alert>
          )}
          <ListingPhotos photos={draft.photos?.photos} title={title} />
          <ListingDescription draft={draft} />
          <ListingLocation location={draft.location} />
          <ListingCapacity capacity={draft.capacity} />
          <ListingAmenities amenities={draft.amenities} />
          <ListingPrices prices={draft.prices} />
          <ListingRules rules={draft.rules} />
          <ListingCancellation cancellation={draft.cancellation} />
        </div>
        <aside aria-labelledby="decision" className="lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
            <h2 id="decision" className="mb-4 text-lg font-semibold text-stone-900">
              Decisión
            </h2>
            <ListingActions
              session={session}
              listing={{ id: listing.id, status: listing.status, title }}
              held={isStale(query)}
              onDone={onDone}
            />
          </div>
        </aside>
      </div>
    </article>
  )
}
