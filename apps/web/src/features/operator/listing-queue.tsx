import type { OperatorListingFilter, OperatorListingSummary } from '@cabanas/domain/listings'
import { ChevronRight, Inbox } from 'lucide-react'
import { Link } from 'react-router'
import { buttonStyles } from '../../components/ui/button'
import { MessagePanel } from '../../components/ui/message-panel'
import { RetryAlert } from '../../components/ui/retry-alert'
import { Skeleton } from '../../components/ui/skeleton'
import { StaleNotice } from '../../components/ui/stale-notice'
import { pluralize } from '../../lib/plural'
import { showsFailure } from '../../lib/query-failure'
import { useMediaQuery } from '../../lib/use-media-query'
import { ListingCover } from './listing-cover'
import { ListingStatusBadge } from './listing-status-badge'
import type { OperatorSession } from './session-props'
import { SubmittedTime } from './submitted-time'
import { useOperatorListings } from './use-operator-listings'

const EMPTY: Record<OperatorListingFilter, string> = {
  submitted: 'No hay anuncios esperando revisión',
  published: 'No hay anuncios publicados',
  paused: 'No hay anuncios pausados',
  all: 'Aún no hay anuncios',
}

const COUNT: Record<OperatorListingFilter, [string, string]> = {
  submitted: ['anuncio esperando revisión', 'anuncios esperando revisión'],
  published: ['anuncio publicado', 'anuncios publicados'],
  paused: ['anuncio pausado', 'anuncios pausados'],
  all: ['anuncio', 'anuncios'],
}

type ListingQueueProps = {
  session: OperatorSession
  status: OperatorListingFilter
  /** The review page of a listing. */
  listingHref: (id: string) => string
}

/** The listings of a filter: cards on a phone, a table from `md` up. */
export function ListingQueue({ session, status, listingHref }: ListingQueueProps) {
  const listings = useOperatorListings(session, status)
  const isWide = useMediaQuery('(min-width: 768px)')
  const now = new Date()

  if (listings.isPending) return <QueueSkeleton />
  if (showsFailure(listings)) {
    return <RetryAlert title="No se pudieron cargar los anuncios." onRetry={() => void listings.refetch()} />
  }
  const [singular, plural] = COUNT[status]
  const rows = listings.data.map((listing) => ({
    listing,
    href: listingHref(listing.id),
    action: status === 'submitted' || listing.status === 'submitted' ? 'Revisar' : 'Ver',
    title: listing.title ?? 'Anuncio sin título',
  }))
  // One notice in one place whether the list is empty or not: a refresh that changes which (after
  // 'Reintentar') keeps it, with its confirmation and the focus.
  return (
    <div>
      <StaleNotice query={listings} className="mb-4" />
      {rows.length === 0 ? (
        <MessagePanel icon={<Inbox />} title={EMPTY[status]} headingLevel={2} />
      ) : (
        <>
          <p className="mb-4 text-sm text-stone-600">{pluralize(rows.length, singular, plural)}</p>
          {isWide ? (
            <QueueTable rows={rows} now={now} />
          ) : (
            <ul className="flex flex-col gap-3">
              {rows.map((row) => (
                <li key={row.listing.id}>
                  <QueueCard row={row} now={now} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  )
}

type Row = { listing: OperatorListingSummary; href: string; action: string; title: string }

function ReviewLink({ row, className }: { row: Row; className?: string }) {
  return (
    <Link
      to={row.href}
      aria-label={`${row.action}: ${row.title}`}
      className={buttonStyles({ variant: 'outline', size: 'sm', className })}
    >
      {row.action}
      <ChevronRight aria-hidden="true" />
    </Link>
  )
}

function QueueCard({ row, now }: { row: Row; now: Date }) {
  const { listing } = row
  return (
    <article className="rounded-2xl border border-stone-200 bg-white p-3 shadow-xs">
      <div className="flex gap-3">
        <ListingCover coverUrl={listing.coverUrl} className="w-28" />
        <div className="min-w-0 flex-1">
          <h2 className="line-clamp-2 font-semibold text-stone-900">{row.title}</h2>
          <p className="truncate text-sm text-stone-600">{listing.place ?? 'Sin ubicación'}</p>
          <p className="truncate text-sm text-stone-600">{listing.host.displayName}</p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 pt-3">
        <div className="flex flex-wrap items-center gap-2 text-sm text-stone-500">
          <ListingStatusBadge status={listing.status} />
          <span>
            Enviado <SubmittedTime submittedAt={listing.submittedAt} now={now} />
          </span>
        </div>
        <ReviewLink row={row} />
      </div>
    </article>
  )
}

function QueueTable({ rows, now }: { rows: Row[]; now: Date }) {
  const th = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-stone-500 uppercase'
  return (
    <div className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
      <table className="w-full text-sm">
        <thead className="border-b border-stone-200 bg-stone-50">
          <tr>
            <th scope="col" className={th}>
              Anuncio
            </th>
            <th scope="col" className={th}>
              Anfitrión
            </th>
            <th scope="col" className={th}>
              Enviado
            </th>
            <th scope="col" className={th}>
              Estado
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">Acción</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map((row) => (
            <tr key={row.listing.id}>
              <td className="px-4 py-3">
                <div className="flex items-center gap-4">
                  <ListingCover coverUrl={row.listing.coverUrl} className="w-24" />
                  <div className="min-w-0">
                    <p className="font-semibold text-stone-900">{row.title}</p>
                    <p className="text-stone-600">{row.listing.place ?? 'Sin ubicación'}</p>
                  </div>
                </div>
              </td>
              <td className="px-4 py-3 text-stone-700">{row.listing.host.displayName}</td>
              <td className="px-4 py-3 whitespace-nowrap text-stone-700">
                <SubmittedTime submittedAt={row.listing.submittedAt} now={now} />
              </td>
              <td className="px-4 py-3">
                <ListingStatusBadge status={row.listing.status} />
              </td>
              <td className="px-4 py-3 text-right">
                <ReviewLink row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function QueueSkeleton() {
  return (
    <div role="status" aria-label="Cargando anuncios…" className="flex flex-col gap-3">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-24 w-full rounded-2xl" />
      ))}
    </div>
  )
}
