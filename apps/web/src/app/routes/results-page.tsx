import { searchMessages } from '@cabanas/domain/search'
import { useNavigate, useSearchParams } from 'react-router'
import { PageHead } from '../../components/seo/page-head'
import { textExcerpt } from '../../components/seo/structured-data'
import { CabinCard } from '../../features/catalog/cabin-card'
import { guestsLabel } from '../../features/search/guests-label'
import {
  type ResultsFilters,
  type ResultsQuery,
  readResultsFilters,
  readResultsQuery,
  resultsQueryProblem,
  type SearchFormValues,
  searchFormValues,
} from '../../features/search/results-query'
import { SearchAgain } from '../../features/search/search-again'
import { SearchResults } from '../../features/search/search-results'
import { useSearchResults } from '../../features/search/use-search-results'
import { shortRangeName } from '../../lib/calendar-month'
import { paths } from '../paths'

/** A new search from the page's forms keeps the filters in use. */
function useNewSearch(filters: ResultsFilters) {
  const navigate = useNavigate()
  return (search: SearchFormValues) => navigate(paths.results({ ...filters, ...search }))
}

export function ResultsPage() {
  const [searchParams] = useSearchParams()
  const query = readResultsQuery(searchParams)
  // A search the page cannot send is explained, with a form to complete it (the server answers 400).
  if (!query) return <IncompleteSearch params={searchParams} />
  return <Results query={query} />
}

function Results({ query }: { query: ResultsQuery }) {
  const navigate = useNavigate()
  const onSearch = useNewSearch(query)
  const isRefused = useSearchResults(query).data?.kind === 'refused'
  const stay = { checkIn: query.checkIn, checkOut: query.checkOut, guests: query.guests }
  const cabinHref = (id: string) => paths.cabin(id, stay)
  const dates = shortRangeName(query.checkIn, query.checkOut)
  const title = `Cabañas en ${query.location} · ${dates} — Cabañas MX`
  const description = textExcerpt(
    `Cabañas en ${query.location} del ${dates} para ${guestsLabel(query.guests)}: fotos, amenidades y precio por noche en pesos. Reserva en línea en Cabañas MX.`,
  )

  return (
    <>
      {isRefused ? (
        <PageHead title={title} description={description} noIndex />
      ) : (
        <PageHead title={title} description={description} path={paths.results(query)} />
      )}
      <SearchResults
        query={query}
        cabinHref={cabinHref}
        formAction={paths.results()}
        homeHref={paths.home()}
        onSearch={onSearch}
        onApplyFilters={(filters) => navigate(paths.results({ ...query, ...filters }))}
        resultsHref={(filters) => paths.results({ ...query, ...filters })}
        renderCard={(result, { priority, onHighlight }) => (
          <CabinCard
            cabin={result}
            href={cabinHref(result._id)}
            price={{ kind: 'stay', ...result.stay }}
            opensInNewTab
            priority={priority}
            onHighlight={onHighlight}
          />
        )}
      />
    </>
  )
}

/** Spec §5: 'Faltan parámetros de búsqueda requeridos', or what else keeps the address from a search. */
function IncompleteSearch({ params }: { params: URLSearchParams }) {
  const problem = resultsQueryProblem(params)
  const filters = readResultsFilters(params)
  const onSearch = useNewSearch(filters)
  return (
    <>
      <PageHead
        title="Buscar cabañas — Cabañas MX"
        description="Elige destino, fechas y huéspedes para ver las cabañas disponibles en Cabañas MX."
        noIndex
      />
      <SearchAgain
        heading={problem.kind === 'missing' ? searchMessages.missing : 'Error en la búsqueda'}
        reason={problem.kind === 'invalid' ? problem.message : undefined}
        intro={
          problem.kind === 'missing'
            ? 'Elige destino, fechas y huéspedes para ver las cabañas disponibles.'
            : undefined
        }
        action={paths.results()}
        homeHref={paths.home()}
        values={searchFormValues(params)}
        filters={filters}
        onSearch={onSearch}
      />
    </>
  )
}
