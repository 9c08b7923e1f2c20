import type { SearchResult } from '@cabanas/domain/search'
import { searchMessages } from '@cabanas/domain/search'
import { List, Map as MapIcon, RefreshCw, TriangleAlert } from 'lucide-react'
import { type ReactNode, useDeferredValue, useEffect, useMemo, useState } from 'react'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { HydrationIsland } from '../../components/ui/hydration-island'
import { MessagePanel } from '../../components/ui/message-panel'
import { Skeleton } from '../../components/ui/skeleton'
import { StaleNotice } from '../../components/ui/stale-notice'
import { isApiError } from '../../lib/api-client'
import { shortRangeName } from '../../lib/calendar-month'
import { cx } from '../../lib/cx'
import { showsFailure } from '../../lib/query-failure'
import { useMediaQuery } from '../../lib/use-media-query'
import { EmptyResults } from './empty-results'
import { FiltersPanel } from './filters-panel'
import { guestsLabel } from './guests-label'
import { ResultsMap } from './results-map'
import {
  countActiveFilters,
  NO_FILTERS,
  type ResultsFilters,
  type ResultsQuery,
  type SearchFormValues,
} from './results-query'
import { SearchAgain } from './search-again'
import { SearchForm } from './search-form'
import { useSearchActions } from './use-search-actions'
import { useSearchResults } from './use-search-results'

/**
 * Only the first card's photo is fetched at once with high priority (the LCP candidate at every width):
 * the others load lazily, which the browser does right after layout for the cards in view, so on a
 * phone the one photo on screen does not share the link with three it cannot show yet.
 */
const PRIORITY_CARDS = 1

/** The same empty list on every render (the map's memoized element depends on it). */
const NO_RESULTS: SearchResult[] = []

export type RenderResultCard = (
  result: SearchResult,
  options: { priority: boolean; onHighlight: (isHighlighted: boolean) => void },
) => ReactNode

type SearchResultsProps = {
  query: ResultsQuery
  cabinHref: (id: string) => string
  /** The page draws the cards (they belong to the catalogue); this view lays them out. */
  renderCard: RenderResultCard
  onApplyFilters: (filters: ResultsFilters) => void
  /** The results page's address: the forms of the page (filters, a new search) are sent to it. */
  formAction: string
  homeHref: string
  /** A new search from the form shown when the API refuses this one (or finds nothing). */
  onSearch: (search: SearchFormValues) => void
  /** This search's address with other filters (links that work before the app runs). */
  resultsHref: (filters: ResultsFilters) => string
}

/**
 * The results page body: heading states, filters, the card grid and the map (spec §2). A search the
 * API refuses shows its reason and a form to change it instead.
 */
export function SearchResults({
  query,
  cabinHref,
  renderCard,
  onApplyFilters,
  formAction,
  homeHref,
  onSearch,
  resultsHref,
}: SearchResultsProps) {
  const search = useSearchResults(query)
  const isWide = useMediaQuery('(min-width: 1024px)')
  const [view, setView] = useState<'list' | 'map'>('list')
  // 'Mostrar mapa' shows the picture of the results at once; the live map (Leaflet's start-up) comes in
  // the next render, a transition, outside the tap's frame.
  const settledView = useDeferredValue(view)
  const [activeId, setActiveId] = useState<string | null>(null)
  const { updateDraft } = useSearchActions()
  const searchValues = {
    location: query.location,
    checkIn: query.checkIn,
    checkOut: query.checkOut,
    guests: query.guests,
  }
  const filters: ResultsFilters = useMemo(
    () => ({
      bedrooms: query.bedrooms,
      beds: query.beds,
      bathrooms: query.bathrooms,
      amenities: query.amenities,
    }),
    [query.bedrooms, query.beds, query.bathrooms, query.amenities],
  )

  // The header bar shows the search in the address, also after back and forward.
  useEffect(() => {
    updateDraft({
      location: query.location,
      checkIn: query.checkIn,
      checkOut: query.checkOut,
      guests: query.guests,
    })
  }, [updateDraft, query.location, query.checkIn, query.checkOut, query.guests])

  // A refusal kept on screen while another search loads is no answer to that search.
  const outcome = search.isPlaceholderData && search.data?.kind === 'refused' ? undefined : search.data
  const response = outcome?.kind === 'results' ? outcome.response : undefined
  const results = response?.habitaciones ?? NO_RESULTS
  const isLoading = search.isPending || outcome === undefined
  const isSearching = isLoading || search.isPlaceholderData
  // A failed refresh in passing (back on the page offline) keeps the results, with a notice.
  const failed = showsFailure(search)
  // The cards do not change with the view: switching to the map and back does not render them again.
  const cards = useMemo(
    () =>
      results.map((result, index) => (
        // Cards below the first screen skip style, layout and paint until they come near it: opening a
        // dialog restyles the whole page (the rest turns inert), and a long list made that tap slow.
        <li
          key={result._id}
          className={cx(
            index >= PRIORITY_CARDS && '[contain-intrinsic-block-size:auto_28rem] [content-visibility:auto]',
          )}
        >
          {renderCard(result, {
            priority: index < PRIORITY_CARDS,
            onHighlight: (isHighlighted) => {
              if (isHighlighted) setActiveId(result._id)
            },
          })}
        </li>
      )),
    [results, renderCard],
  )
  // The islands get the same elements while only the view or the heading changes (HydrationIsland):
  // a tap on 'Mostrar mapa' before they have hydrated leaves them to hydrate in slices.
  const filtersPanel = useMemo(
    () => <FiltersPanel action={formAction} search={query} filters={filters} onApply={onApplyFilters} />,
    [formAction, query, filters, onApplyFilters],
  )
  const isMapShown = isWide || (view === 'map' && settledView === 'map')
  const map = useMemo(
    () => <ResultsMap results={results} activeId={activeId} cabinHref={cabinHref} isShown={isMapShown} />,
    [results, activeId, cabinHref, isMapShown],
  )

  if (outcome?.kind === 'refused') {
    return (
      <SearchAgain
        heading="Error en la búsqueda"
        reason={outcome.message}
        action={formAction}
        homeHref={homeHref}
        values={searchValues}
        filters={filters}
        onSearch={onSearch}
      />
    )
  }

  return (
    <div className="flex w-full flex-1 items-start">
      <section
        aria-labelledby="results-heading"
        className={cx(
          'w-full px-4 pt-6 pb-28 sm:px-6 lg:w-[58%] lg:pb-12 lg:pl-8 xl:w-[60%]',
          view === 'map' && 'max-lg:hidden',
        )}
      >
        <div className="mb-6 flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h1
              id="results-heading"
              aria-live="polite"
              className="text-xl font-semibold tracking-tight text-stone-900 sm:text-2xl"
            >
              {resultsHeading(failed, isSearching, response?.total ?? 0)}
            </h1>
            <p className="mt-1 truncate text-sm text-stone-600">
              {query.location} · {shortRangeName(query.checkIn, query.checkOut)} · {guestsLabel(query.guests)}
            </p>
          </div>
          <HydrationIsland>{filtersPanel}</HydrationIsland>
        </div>

        <StaleNotice query={search} className="mb-6" />
        {/* A new search (a filter changed) waits for the connection: the previous results stay, dimmed. */}
        {search.isPlaceholderData && search.fetchStatus === 'paused' && (
          <Alert
            tone="warning"
            role="status"
            title="Sin conexión: buscaremos en cuanto vuelva"
            className="mb-6"
          >
            Mientras tanto ves los resultados de tu búsqueda anterior.
          </Alert>
        )}
        {isLoading && !failed ? (
          <ResultsSkeleton />
        ) : failed ? (
          <MessagePanel
            role="alert"
            tone="error"
            icon={<TriangleAlert />}
            title={searchMessages.searchFailed}
            description={errorDescription(search.error)}
          >
            <Button variant="outline" onClick={() => void search.refetch()}>
              <RefreshCw aria-hidden="true" />
              Reintentar
            </Button>
          </MessagePanel>
        ) : results.length === 0 ? (
          <EmptyResults
            hasFilters={countActiveFilters(filters) > 0}
            clearFiltersHref={resultsHref(NO_FILTERS)}
            searchForm={
              <SearchForm
                action={formAction}
                homeHref={homeHref}
                values={searchValues}
                filters={filters}
                onSearch={onSearch}
                className="mx-auto max-w-xl text-left"
              />
            }
          />
        ) : (
          <>
            {/* Cards are level-3 headings: the list has its level 2 (heading order, a11y). */}
            <h2 className="sr-only">Cabañas disponibles</h2>
            <ul
              aria-busy={isSearching}
              className={cx(
                'grid grid-cols-1 gap-x-6 gap-y-10 transition-opacity sm:grid-cols-2 2xl:grid-cols-3',
                isSearching && 'opacity-50',
              )}
            >
              <HydrationIsland>{cards}</HydrationIsland>
            </ul>
          </>
        )}
      </section>

      {/* In the server's HTML too, laid out by CSS alone: the wide column shows the results' picture from
          the first paint (the live map replaces it in place); on phones the map view covers the list. */}
      {!failed && (
        <aside
          aria-label="Mapa de resultados"
          className={cx(
            'isolate bg-stone-200 lg:sticky lg:top-20 lg:h-[calc(100dvh-5rem)] lg:flex-1 lg:self-start',
            view === 'map'
              ? 'max-lg:fixed max-lg:inset-x-0 max-lg:top-16 max-lg:bottom-0 max-lg:z-30'
              : 'max-lg:hidden',
          )}
        >
          {/* The map view covers the list on phones, and the list's notice with it: the map says it too, above
              "Mostrar lista" and clear of the zoom buttons. Mounted with the view (it draws nothing while the
              results are fresh), so its live region is there first and 'Reintentar' can leave its
              confirmation. The list, hidden meanwhile, is out of the accessibility tree. */}
          {view === 'map' && (
            <div className="absolute inset-x-3 bottom-24 z-[1100] lg:hidden">
              <StaleNotice query={search} className="shadow-lg" />
            </div>
          )}
          <HydrationIsland>{map}</HydrationIsland>
        </aside>
      )}

      {!isWide && results.length > 0 && (
        <button
          type="button"
          onClick={() => setView((current) => (current === 'list' ? 'map' : 'list'))}
          className="fixed bottom-6 left-1/2 z-40 flex h-12 -translate-x-1/2 items-center gap-2 rounded-full bg-stone-900 px-5 text-sm font-semibold text-white shadow-lg transition hover:scale-105 hover:bg-black lg:hidden"
        >
          {view === 'list' ? (
            <>
              Mostrar mapa <MapIcon aria-hidden="true" className="size-4" />
            </>
          ) : (
            <>
              Mostrar lista <List aria-hidden="true" className="size-4" />
            </>
          )}
        </button>
      )}
    </div>
  )
}

/** Spec §2: the four header states. */
function resultsHeading(isError: boolean, isSearching: boolean, total: number): string {
  if (isError) return 'Error en la búsqueda'
  if (isSearching) return 'Buscando...'
  if (total === 0) return 'No se encontraron resultados'
  return total === 1 ? '1 resultado' : `${total} resultados`
}

/**
 * A failure a retry may fix (network, 5xx, 429: refusals are answers, shown with SearchAgain): the
 * API's own words when it gave them (503: availability not confirmed, 429), else the generic text.
 */
function errorDescription(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && !['HTTP_ERROR', 'SERVER_ERROR'].includes(error.code)) {
    return error.message
  }
  return searchMessages.searchError
}

function ResultsSkeleton() {
  return (
    <ul aria-hidden="true" className="grid grid-cols-1 gap-x-6 gap-y-10 sm:grid-cols-2 2xl:grid-cols-3">
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index} className={index >= 2 ? 'hidden sm:block' : undefined}>
          <Skeleton className="aspect-[20/19] rounded-2xl" />
          <Skeleton className="mt-3 h-4 w-3/4" />
          <Skeleton className="mt-2 h-3.5 w-1/2" />
          <Skeleton className="mt-2 h-3.5 w-2/3" />
        </li>
      ))}
    </ul>
  )
}
