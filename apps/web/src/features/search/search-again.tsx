import { MAX_GUESTS } from '@cabanas/domain/quotes'
import { searchMessages } from '@cabanas/domain/search'
import { Search, TriangleAlert } from 'lucide-react'
import { Link } from 'react-router'
import { buttonStyles } from '../../components/ui/button'
import { Field, Input } from '../../components/ui/field'
import { firstArrivalInMexico } from '../../lib/calendar-month'
import { useHydrated } from '../../lib/use-hydrated'
import type { ResultsFilters, SearchFormValues } from './results-query'

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
 * out: a GET form of the results page with native fields (it works without JavaScript) and a link
 * home. Once the app runs, 'Buscar' navigates in the app; the API judges the new search as before.
 */
export function SearchAgain({
  heading,
  reason,
  intro,
  action,
  homeHref,
  values,
  filters,
  onSearch,
}: SearchAgainProps) {
  // Only the browser knows today: the server's HTML leaves the calendar open, the app closes the past.
  const isHydrated = useHydrated()
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

      <form
        // A new address, new starting values.
        key={[values.location, values.checkIn, values.checkOut, values.guests].join('|')}
        method="get"
        action={action}
        aria-label="Cambiar la búsqueda"
        onSubmit={(event) => {
          event.preventDefault()
          const form = new FormData(event.currentTarget)
          const text = (name: string) => String(form.get(name) ?? '').trim()
          onSearch({
            location: text('location'),
            checkIn: text('checkIn'),
            checkOut: text('checkOut'),
            guests: Number(text('guests')),
          })
        }}
        className="mt-6 grid grid-cols-2 gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <Field label="Destino" className="col-span-2">
          {(control) => (
            <Input {...control} name="location" defaultValue={values.location} required autoComplete="off" />
          )}
        </Field>
        <Field label="Llegada">
          {(control) => (
            <Input
              {...control}
              type="date"
              name="checkIn"
              defaultValue={values.checkIn}
              min={isHydrated ? firstArrivalInMexico() : undefined}
              required
            />
          )}
        </Field>
        <Field label="Salida">
          {(control) => (
            <Input {...control} type="date" name="checkOut" defaultValue={values.checkOut} required />
          )}
        </Field>
        <Field label="Huéspedes" className="col-span-2 sm:col-span-1">
          {(control) => (
            <Input
              {...control}
              type="number"
              name="guests"
              inputMode="numeric"
              min={1}
              max={MAX_GUESTS}
              defaultValue={values.guests}
              required
            />
          )}
        </Field>
        <FilterFields filters={filters} />
        <div className="col-span-2 mt-1 flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonStyles({ size: 'lg' })}>
            <Search aria-hidden="true" />
            Buscar
          </button>
          <Link to={homeHref} className={buttonStyles({ variant: 'ghost', size: 'lg' })}>
            Volver al inicio
          </Link>
        </div>
      </form>
    </section>
  )
}

/** The filters in use, as hidden fields in the address's own form (0 means 'Todos': left out). */
function FilterFields({ filters }: { filters: ResultsFilters }) {
  const counts = { bedrooms: filters.bedrooms, beds: filters.beds, bathrooms: filters.bathrooms }
  return (
    <>
      {Object.entries(counts).map(([name, value]) =>
        value > 0 ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      {filters.amenities.length > 0 && (
        <input type="hidden" name="amenities" value={filters.amenities.join(',')} />
      )}
    </>
  )
}
