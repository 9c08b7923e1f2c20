import type { OperatorListingFilter } from '@cabanas/domain/listings'
import { Link } from 'react-router'
import { cx } from '../../lib/cx'

export const FILTER_LABELS: Record<OperatorListingFilter, string> = {
  submitted: 'En revisión',
  published: 'Publicados',
  paused: 'Pausados',
  all: 'Todos',
}

const FILTERS = Object.keys(FILTER_LABELS) as OperatorListingFilter[]

type ListingFilterNavProps = {
  current: OperatorListingFilter
  hrefOf: (status: OperatorListingFilter) => string
}

/** The queue's filters, as links (the filter lives in the address, so a reload or a shared link keeps it). */
export function ListingFilterNav({ current, hrefOf }: ListingFilterNavProps) {
  return (
    <nav aria-label="Filtrar anuncios">
      <ul className="flex flex-wrap gap-2">
        {FILTERS.map((status) => {
          const isCurrent = status === current
          return (
            <li key={status}>
              <Link
                to={hrefOf(status)}
                aria-current={isCurrent ? 'page' : undefined}
                className={cx(
                  'inline-flex h-10 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  isCurrent
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-stone-300 bg-white text-stone-700 hover:border-stone-400 hover:bg-stone-50',
                )}
              >
                {FILTER_LABELS[status]}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
