import { quoteMessages } from '@cabanas/domain/quotes'
import { searchMessages } from '@cabanas/domain/search'
import type { CalendarDate } from '@cabanas/domain/shared'
import type { SearchDraft } from './header-search-context'

/** Not in the spec, which never shows a search without a destination; worded like its siblings. */
export const DESTINATION_REQUIRED = 'Por favor elige un destino'

export type SearchProblem = {
  /** The segment to open so the traveller can fix it. */
  panel: 'destino' | 'llegada' | 'salida' | 'huespedes'
  message: string
}

/**
 * The first thing that keeps the draft from being searched (spec §5), or null when it is complete.
 * `today` is Mexico City's date: an arrival before it (an old results address, or a date typed in the
 * page's HTML form before the app ran) is refused here as the API would refuse it.
 */
export function findSearchProblem(
  { location, checkIn, checkOut, guests }: SearchDraft,
  { today }: { today: CalendarDate },
): SearchProblem | null {
  if (!location.trim()) return { panel: 'destino', message: DESTINATION_REQUIRED }
  if (!checkIn || !checkOut) {
    return { panel: checkIn ? 'salida' : 'llegada', message: searchMessages.datesRequired }
  }
  if (checkIn < today) return { panel: 'llegada', message: quoteMessages.pastArrival }
  if (checkOut <= checkIn) return { panel: 'salida', message: searchMessages.dateOrder }
  if (guests < 1) return { panel: 'huespedes', message: searchMessages.guestsRequired }
  return null
}
