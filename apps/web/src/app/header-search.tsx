import type { DestinationPage } from '@cabanas/domain/catalog'
import { useQueryClient } from '@tanstack/react-query'
import { matchPath, useLocation, useNavigate } from 'react-router'
import { destinationPageKeys } from '../features/catalog/destination-page.keys'
import { useDestinations } from '../features/catalog/use-destinations'
import { placeOf } from '../features/search/destination-place'
import { NO_FILTERS, readResultsFilters } from '../features/search/results-query'
import { SearchBar } from '../features/search/search-bar'
import { SearchPill } from '../features/search/search-pill'
import { useOpenPanel } from '../features/search/use-open-panel'
import { paths, routePatterns } from './paths'

type Place = { population: string; state: string }

/** The results page's filters, which a new search from it keeps. */
const COUNT_FILTERS = ['bedrooms', 'beds', 'bathrooms'] as const

/**
 * The header search of the home, results and destination pages, loaded as its own chunk (pages
 * without a search never download it). The destination suggestions come from the home summary: on
 * the home page it is already there; elsewhere it is fetched when the destination panel first opens.
 * The server's HTML form suggests the places the page already has (never a request): every
 * destination on the home page, the destination and its neighbours on a destination's page, and the
 * place the address names (the results page's search).
 */
export function HeaderSearchBar() {
  const navigate = useNavigate()
  const location = useLocation()
  const queryClient = useQueryClient()
  const isHome = location.pathname === paths.home()
  const isResults = location.pathname === paths.results()
  const { openPanel } = useOpenPanel()
  const destinations = useDestinations({ enabled: isHome || openPanel === 'destino' })
  // A new search from the results page keeps the filters in use (the results page reads them).
  const params = new URLSearchParams(location.search)
  // Amenities come repeated from the filters form sent before the app ran, comma-separated otherwise.
  const filters = isResults ? readResultsFilters(params) : NO_FILTERS
  const keptParams = [
    ...COUNT_FILTERS.flatMap((key) => {
      const value = filters[key]
      return value ? [[key, String(value)] as const] : []
    }),
    ...(filters.amenities.length > 0 ? [['amenities', filters.amenities.join(',')] as const] : []),
  ]

  const slug = matchPath(routePatterns.destination, location.pathname)?.params.slug
  const destinationPage = slug
    ? queryClient.getQueryData<DestinationPage>(destinationPageKeys.detail(slug))
    : undefined
  const places: Place[] = [
    ...(destinations.data?.destinations ?? []),
    ...(destinationPage ? [destinationPage.destination, ...destinationPage.nearby] : []),
  ]
  const searched = params.get('location')?.trim()
  const suggestions = [...new Set([...places.map(placeOf), ...(searched ? [searched] : [])])]

  return (
    <SearchBar
      action={paths.results()}
      destinations={destinations.data?.destinations ?? (destinations.isError ? [] : undefined)}
      suggestions={suggestions}
      keptParams={keptParams}
      explainProblems={!isResults}
      onSearch={(search) =>
        navigate(
          paths.results({
            ...search,
            ...filters,
          }),
        )
      }
    />
  )
}

export function HeaderSearchPill() {
  return <SearchPill />
}
