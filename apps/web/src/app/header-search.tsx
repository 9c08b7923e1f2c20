import { useLocation, useNavigate } from 'react-router'
import { useDestinations } from '../features/catalog/use-destinations'
import { SearchBar } from '../features/search/search-bar'
import { SearchPill } from '../features/search/search-pill'
import { useOpenPanel } from '../features/search/use-open-panel'
import { paths } from './paths'

/**
 * The header search of the home, results and destination pages, loaded as its own chunk (pages
 * without a search never download it). The destination suggestions come from the home summary: on
 * the home page it is already there; elsewhere it is fetched when the destination panel first opens.
 */
export function HeaderSearchBar() {
  const navigate = useNavigate()
  const location = useLocation()
  const isHome = location.pathname === paths.home()
  const isResults = location.pathname === paths.results()
  const { openPanel } = useOpenPanel()
  const destinations = useDestinations({ enabled: isHome || openPanel === 'destino' })
  // A new search from the results page keeps the filters in use (the results page reads them).
  const params = new URLSearchParams(location.search)
  const count = (key: string) => Number(params.get(key)) || undefined

  return (
    <SearchBar
      destinations={destinations.isError ? [] : destinations.data?.destinations}
      explainProblems={!isResults}
      onSearch={(search) =>
        navigate(
          paths.results({
            ...search,
            ...(isResults && {
              bedrooms: count('bedrooms'),
              beds: count('beds'),
              bathrooms: count('bathrooms'),
              amenities: params.get('amenities')?.split(',').filter(Boolean),
            }),
          }),
        )
      }
    />
  )
}

export function HeaderSearchPill() {
  return <SearchPill />
}
