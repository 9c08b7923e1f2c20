import { DEFAULT_SEARCH_GUESTS } from '@cabanas/domain/search'
import type { CalendarDate } from '@cabanas/domain/shared'
import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react'
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

/** What the header search holds: the draft, which panel is open, whether the full bar is on screen. */
type SearchState = {
  draft: SearchDraft
  openPanel: HeaderPanel | null
  /** Whether the full search bar is on screen; when it is not, the header shows the compact pill. */
  isBarInView: boolean
}

/**
 * The header search's state, outside React's tree. Held in React state at the top of the layout, each
 * change (a tap that opens a panel) made React walk every component of the page to find the few that
 * read it: on the home page, 1,700 of them, 40 ms of a phone's tap at 4× CPU (issue 20). Here a change
 * calls the readers' own listeners: the readers re-render and nothing else is visited.
 */
export type SearchStore = {
  get: () => SearchState
  /** The state the server rendered: what a component that hydrates must start from. */
  initial: SearchState
  subscribe: (listener: () => void) => () => void
  // The writers: they never change, and readers hear of a write only when it changed the state.
  updateDraft: (patch: Partial<SearchDraft>) => void
  setOpenPanel: (panel: HeaderPanel | null) => void
  setBarInView: (inView: boolean) => void
}

function createSearchStore(initial: SearchState): SearchStore {
  let state = initial
  const listeners = new Set<() => void>()
  const set = (update: (current: SearchState) => SearchState) => {
    const next = update(state)
    if (next === state) return
    state = next
    for (const listener of listeners) listener()
  }
  return {
    get: () => state,
    initial,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    updateDraft: (patch) =>
      set((current) => {
        const changes = Object.entries(patch).some(
          ([key, value]) => current.draft[key as keyof SearchDraft] !== value,
        )
        return changes ? { ...current, draft: { ...current.draft, ...patch } } : current
      }),
    setOpenPanel: (openPanel) =>
      set((current) => (current.openPanel === openPanel ? current : { ...current, openPanel })),
    setBarInView: (isBarInView) =>
      set((current) => (current.isBarInView === isBarInView ? current : { ...current, isBarInView })),
  }
}

const SearchStoreContext = createContext<SearchStore | null>(null)

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
 * bar, the user menu, the home page and the results page all read it. Its context carries the store,
 * which never changes: a reader subscribes to the part it shows (useSearchState), so a keystroke in
 * the draft re-renders the draft's readers, a panel that opens the panel's readers, and the pages that
 * only act on the search (useSearchActions) never.
 */
export function HeaderSearchProvider({ children }: { children: ReactNode }) {
  const [searchParams] = useSearchParams()
  const isHydrated = useHydrated()
  const [store] = useState(() =>
    createSearchStore({
      draft: initialDraft(searchParams, isHydrated),
      openPanel: null,
      isBarInView: true,
    }),
  )

  // A hydrating page reads the chosen destination after mount, so that its first render is the
  // server's (which has no session storage). A reader still to hydrate (the lazy bar, the pill) starts
  // from the server's state all the same (useSearchState) and shows the destination right after.
  useEffect(() => {
    const location = readPreselectedLocation()
    if (location) store.updateDraft({ location: store.get().draft.location || location })
  }, [store])

  return <SearchStoreContext.Provider value={store}>{children}</SearchStoreContext.Provider>
}

/**
 * The part of the header search that `select` picks, kept current: the component re-renders when that
 * part changes (compared with Object.is), and for nothing else of the search. While it hydrates it
 * reads the state the server rendered; React then redraws it at once if the state has moved on since
 * (the destination remembered in the session).
 */
export function useSearchState<T>(select: (state: SearchState) => T): T {
  const store = useSearchStore()
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.initial),
  )
}

/** The store itself, for the writers. */
export function useSearchStore(): SearchStore {
  const store = useContext(SearchStoreContext)
  if (!store) throw new Error('the header search needs a HeaderSearchProvider')
  return store
}
