import {
  LISTING_STATUS_LABELS,
  LISTING_STEP_TITLES,
  type ListingStatus,
  type ListingSummary,
} from '@cabanas/domain/listings'
import { House, MapPin } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Badge, type BadgeTone } from '../../components/ui/badge'
import { buttonStyles } from '../../components/ui/button'

const STATUS_TONES: Record<ListingStatus, BadgeTone> = {
  draft: 'grey',
  submitted: 'blue',
  returned: 'yellow',
  published: 'green',
  paused: 'yellow',
}

type ListingSummaryCardProps = {
  listing: ListingSummary
  editHref: string
  /** 'Ver publicada', when the listing has a cabin. */
  cabinLink: ReactNode
}

/** One line of 'Mis cabañas': cover, title, place, status, what is pending and the operator's reason. */
export function ListingSummaryCard({ listing, editHref, cabinLink }: ListingSummaryCardProps) {
  const title = listing.title ?? 'Cabaña sin título'
  const pending = listing.pendingSteps.map((step) => LISTING_STEP_TITLES[step])
  return (
    <article className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-3 shadow-xs sm:flex-row sm:p-4">
      <div
        className={`w-full shrink-0 overflow-hidden rounded-xl bg-stone-100 sm:aspect-[3/2] sm:w-48 ${listing.coverUrl ? 'aspect-[3/2]' : 'h-20 sm:h-auto'}`}
      >
        {listing.coverUrl ? (
          <img src={listing.coverUrl} alt="" className="size-full object-cover" loading="lazy" />
        ) : (
          <div className="flex size-full items-center justify-center text-stone-400">
            <House aria-hidden="true" className="size-10" />
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="min-w-0 text-lg font-semibold text-stone-900">{title}</h2>
          <Badge tone={STATUS_TONES[listing.status]}>{LISTING_STATUS_LABELS[listing.status]}</Badge>
        </div>
        <p className="flex items-center gap-1.5 text-sm text-stone-600">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          {listing.place ?? 'Sin ubicación todavía'}
        </p>
        {listing.status === 'returned' && listing.returnReason && (
          <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950">
            <span className="font-semibold">Motivo de la devolución: </span>
            {listing.returnReason}
          </p>
        )}
        {pending.length > 0 && (
          <p className="text-sm text-stone-600">
            <span className="font-medium text-stone-800">Falta: </span>
            {pending.join(', ')}
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Link to={editHref} className={buttonStyles({ variant: 'primary' })} aria-label={`Editar ${title}`}>
            {listing.status === 'submitted' ? 'Ver anuncio' : 'Editar'}
          </Link>
          {cabinLink}
        </div>
      </div>
    </article>
  )
}
