import { searchMessages } from '@cabanas/domain/search'
import { TriangleAlert } from 'lucide-react'
import type { ResultsFilters, SearchFormValues } from './results-query'
import { SearchForm } from './search-form'

type SearchAgainProps = {
  /** The page's heading: 'Error en la búsqueda', 'Faltan parámetros de búsqueda requeridos'. */
  heading: string
  /** Why the search was refused, in the API's words; shown as an alert under the heading. */
  reason?: string | undefined
  /** A line under the heading when there is no reason to give. */
  intro?: string | undefined
  /** The address the form is sent to without JavaScript: the results page's. */
  action: string
  homeHref: string
  /** The search as the address holds it: the fields start from it. */
  values: SearchFormValues
  /** Filters in use: sent again with the new search. */
  filters: ResultsFilters
  /** Once the app runs: the new search, for a client-side navigation. */
  onSearch: (search: SearchFormValues) => void
}

/**
 * A search the results page cannot show (refused by the API, or incomplete) with its reason and a way
 * out: the search form (it works without JavaScript) and a link home.
 */
export function SearchAgain({ heading, reason, intro, ...form }: SearchAgainProps) {
  return (
    <section aria-labelledby="results-heading" className="mx-auto w-full max-w-xl px-4 pt-8 pb-16 sm:px-6">
      <h1 id="results-heading" className="text-xl font-semibold tracking-tight text-stone-900 sm:text-2xl">
        {heading}
      </h1>
      {intro && <p className="mt-2 text-pretty text-stone-600">{intro}</p>}
      {reason && (
        <div
          role="alert"
          className="mt-5 flex gap-3 rounded-2xl border border-accent-200 bg-accent-50 px-4 py-3.5 text-accent-900"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-700" />
          <div>
            <p className="font-semibold">{searchMessages.searchFailed}</p>
            <p className="mt-0.5 text-pretty">{reason}</p>
          </div>
        </div>
      )}
      <SearchForm {...form} className="mt-6" />
    </section>
  )
}
