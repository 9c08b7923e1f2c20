import { requireValue } from '@cabanas/domain/shared'
import { Search } from 'lucide-react'
import { shortRangeName } from '../../lib/calendar-month'
import { useHydrated } from '../../lib/use-hydrated'
import { guestsLabel } from './guests-label'
import { SEARCH_SHEET_ID, SEARCH_TRIGGER_ID, type SearchSegment } from './search-segments'
import { useIsBarInView } from './use-open-panel'
import { useSearchActions } from './use-search-actions'
import { useSearchDraft } from './use-search-draft'

/**
 * The compact search in the header (spec §2). On phones it is always there, one line that reads the
 * whole search and opens it as a sheet (an HTML popover until the app runs); on wider screens it shows
 * once the full bar has scrolled away, and each part scrolls back up and opens its segment.
 */
export function SearchPill() {
  // Before the app takes over, the phone trigger opens the HTML sheet by itself (a popover).
  const isEnhanced = useHydrated()
  const { draft } = useSearchDraft()
  const isBarInView = useIsBarInView()
  const { revealSegment } = useSearchActions()

  const destination = draft.location
    ? requireValue(draft.location.split(',')[0], 'the town typed')
    : 'Cualquier destino'
  const dates =
    draft.checkIn && draft.checkOut ? shortRangeName(draft.checkIn, draft.checkOut) : 'Cualquier fecha'
  const guests = draft.guests > 0 ? guestsLabel(draft.guests) : 'Huéspedes'
  const part = (segment: SearchSegment, label: string, text: string, className = '') => (
    <button
      type="button"
      aria-label={`${label}: ${text}`}
      onClick={() => revealSegment(segment)}
      className={`min-w-0 truncate rounded-full px-4 py-2 text-sm font-medium text-stone-900 hover:bg-stone-100 ${className}`}
    >
      {text}
    </button>
  )

  return (
    <>
      {/* Phones: one button that reads the whole search and opens it. */}
      <button
        id={SEARCH_TRIGGER_ID}
        type="button"
        aria-haspopup="dialog"
        popoverTarget={isEnhanced ? undefined : SEARCH_SHEET_ID}
        onClick={isEnhanced ? () => revealSegment('destino') : undefined}
        className="flex h-12 w-full min-w-0 items-center gap-2.5 rounded-full border border-stone-200 bg-white pr-3 pl-1.5 text-left shadow-[0_3px_12px_rgba(0,0,0,0.1)] sm:max-w-md md:hidden"
      >
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-600 text-white">
          <Search aria-hidden="true" className="size-4" strokeWidth={2.5} />
        </span>
        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold text-stone-900">
            {draft.location ? destination : '¿A dónde vas?'}
          </span>
          <span className="block truncate text-xs text-stone-500">
            {draft.checkIn && draft.checkOut ? dates : 'Fechas'} · {guests}
          </span>
        </span>
      </button>
      {/* Wider screens, once the bar is out of sight: three parts, as in the full bar. */}
      {!isBarInView && (
        <div className="hidden h-12 min-w-0 items-center rounded-full border border-stone-200 bg-white pl-1 shadow-[0_3px_12px_rgba(0,0,0,0.1)] transition-shadow hover:shadow-md motion-safe:animate-fade-in md:flex">
          {part('destino', 'Destino', destination, 'max-w-48')}
          <span aria-hidden="true" className="h-6 w-px shrink-0 bg-stone-200" />
          {part('llegada', 'Fechas', dates, 'shrink-0')}
          <span aria-hidden="true" className="h-6 w-px shrink-0 bg-stone-200" />
          {part('huespedes', 'Huéspedes', guests, 'shrink-0 font-normal text-stone-600')}
          <button
            type="button"
            aria-label="Buscar"
            onClick={() => revealSegment('destino')}
            className="mr-1.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-600 text-white hover:bg-accent-700"
          >
            <Search aria-hidden="true" className="size-4" strokeWidth={2.5} />
          </button>
        </div>
      )}
    </>
  )
}
