import { DEFAULT_SEARCH_GUESTS } from '@cabanas/domain/search'
import type { CalendarDate } from '@cabanas/domain/shared'
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react'
import { useSearchParams } from 'react-router'
import { useHydrated } from '../../lib/use-hydrated'
import { readResultsQuery } from './results-query'

/** What can be open in the header and on the results page; one at a time (spec §2). */
export type HeaderPanel = 'destino' | 'llegada' | 'salida' | 'huespedes' | 'userMenu' | 'filtros'

/**
 * The search being composed in the header bar. Guests start at the domain's DEFAULT_SEARCH_GUESTS; 0
 * (stepped down to) reads '¿Cuántos?'.
 */
export type SearchDraft = {
  location: string
  checkIn: CalendarDate | undefined
  checkOut: CalendarDate | undefined
  guests: number
}

/** Session storage key of the destination chosen on the home page (spec §2). */
export const PRESELECTED_LOCATION_KEY = 'preselectedLocation'

type DraftContextValue = {
  draft: SearchDraft
  updateDraft: (patch: Partial<SearchDraft>) => void
}

type PanelContextValue = {
  openPanel: HeaderPanel | null
  setOpenPanel: (panel: HeaderPanel | null) => void
  /** Whether the full search bar is on screen; when it is not, the header shows the compact pill. */
  isBarInView: boolean
  setBarInView: (inView: boolean) => void
}

/** The setters alone: they never change, so a reader that only acts (a page) never re-renders for them. */
type SearchActionsValue = {
  updateDraft: DraftContextValue['updateDraft']
  setOpenPanel: PanelContextValue['setOpenPanel']
}

export const DraftContext = createContext<DraftContextValue | null>(null)
export const PanelContext = createContext<PanelContextValue | null>(null)
export const SearchActionsContext = createContext<SearchActionsValue | null>(null)

function readPreselectedLocation(): string {
  try {
    return sessionStorage.getItem(PRESELECTED_LOCATION_KEY) ?? ''
  } catch {
    return ''
  }
}

/** The longest destination the search accepts (the API's limit). */
const MAX_LOCATION_LENGTH = 120

/**
 * The search in the address (the results page's): the server renders the bar with it, so the results
 * page's own update of the draft changes nothing while the page hydrates. Else an empty one, with the
 * destination the address names (`?location=`: a popular destination or 'Elegir fechas en …' chosen
 * before the app ran), or else the one chosen on the home page when the session storage may be read
 * (not while hydrating).
 */
function initialDraft(params: URLSearchParams, canReadStorage: boolean): SearchDraft {
  const query = readResultsQuery(params)
  if (query) {
    return {
      location: query.location,
      checkIn: query.checkIn,
      checkOut: query.checkOut,
      guests: query.guests,
    }
  }
  const named = params.get('location')?.trim().slice(0, MAX_LOCATION_LENGTH) ?? ''
  const location = named || (canReadStorage ? readPreselectedLocation() : '')
  return { location, checkIn: undefined, checkOut: undefined, guests: DEFAULT_SEARCH_GUESTS }
}

/**
 * Holds the header search: the draft and which panel is open. It lives in the layout because the
 * bar, the user menu, the home page and the results page all read it; two contexts keep a keystroke
 * in the draft from re-rendering the panel readers and the other way round, and a third holds only the
 * setters, for the pages that act on the search without showing it (the home page, a destination's
 * page, the results): opening a panel then re-renders the bar, not the page under it.
 */
export function HeaderSearchProvider({ children }: { children: ReactNode }) {
  const [searchParams] = useSearchParams()
  const isHydrated = useHydrated()
  const [draft, setDraft] = useState<SearchDraft>(() => initialDraft(searchParams, isHydrated))
  const [openPanel, setOpenPanel] = useState<HeaderPanel | null>(null)
  const [isBarInView, setBarInView] = useState(true)

  const updateDraft = useCallback((patch: Partial<SearchDraft>) => {
    setDraft((current) => {
      const changes = Object.entries(patch).some(
        ([key, value]) => current[key as keyof SearchDraft] !== value,
      )
      return changes ? { ...current, ...patch } : current
    })
  }, [])

  // A hydrating page reads the chosen destination after mount, so that its first render is the
  // server's (which has no session storage). A transition: it waits for the lazy search bar to
  // hydrate, where an urgent update would make React replace its HTML.
  useEffect(() => {
    const location = readPreselectedLocation()
    if (!location) return
    startTransition(() => setDraft((current) => (current.location ? current : { ...current, location })))
  }, [])
  const draftValue = useMemo<DraftContextValue>(() => ({ draft, updateDraft }), [draft, updateDraft])
  const panelValue = useMemo<PanelContextValue>(
    () => ({ openPanel, setOpenPanel, isBarInView, setBarInView }),
    [openPanel, isBarInView],
  )

  const actionsValue = useMemo<SearchActionsValue>(() => ({ updateDraft, setOpenPanel }), [updateDraft])

  return (
    <SearchActionsContext.Provider value={actionsValue}>
      <DraftContext.Provider value={draftValue}>
        <PanelContext.Provider value={panelValue}>{children}</PanelContext.Provider>
      </DraftContext.Provider>
    </SearchActionsContext.Provider>
  )
}
