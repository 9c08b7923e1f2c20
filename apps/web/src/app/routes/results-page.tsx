import { textExcerpt } from '@cabanas/domain/pages'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { PageHead } from '../../components/seo/page-head'
import { CabinCard } from '../../features/catalog/cabin-card'
import { guestsLabel } from '../../features/search/guests-label'
import { readResultsQuery } from '../../features/search/results-query'
import { SearchResults } from '../../features/search/search-results'
import { shortRangeName } from '../../lib/calendar-month'
import { paths } from '../paths'

export function ResultsPage() {
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const query = readResultsQuery(searchParams)
  // Spec §2: without a complete search there is nothing to show.
  if (!query) return <Navigate to={paths.home()} replace />

  const stay = { checkIn: query.checkIn, checkOut: query.checkOut, guests: query.guests }
  const cabinHref = (id: string) => paths.cabin(id, stay)
  const dates = shortRangeName(query.checkIn, query.checkOut)

  return (
    <>
      <PageHead
        title={`Cabañas en ${query.location} · ${dates} — Cabañas MX`}
        description={textExcerpt(
          `Cabañas en ${query.location} del ${dates} para ${guestsLabel(query.guests)}: fotos, amenidades y precio por noche en pesos. Reserva en línea en Cabañas MX.`,
        )}
        path={paths.results(query)}
      />
      <SearchResults
        query={query}
        cabinHref={cabinHref}
        onApplyFilters={(filters) => navigate(paths.results({ ...query, ...filters }))}
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
