import { MAX_GUESTS } from '@cabanas/domain/quotes'
import { Search } from 'lucide-react'
import { Link } from 'react-router'
import { buttonStyles } from '../../components/ui/button'
import { Field, Input } from '../../components/ui/field'
import { firstArrivalInMexico } from '../../lib/calendar-month'
import { cx } from '../../lib/cx'
import { useHydrated } from '../../lib/use-hydrated'
import type { ResultsFilters, SearchFormValues } from './results-query'

type SearchFormProps = {
  /** The address the form is sent to without JavaScript: the results page's. */
  action: string
  homeHref: string
  /** The search the fields start from. */
  values: SearchFormValues
  /** Filters in use: sent again with the new search. */
  filters: ResultsFilters
  /** Once the app runs: the new search, for a client-side navigation. */
  onSearch: (search: SearchFormValues) => void
  className?: string
}

/**
 * 'Cambiar la búsqueda': a GET form of the results page with native fields, so a guest changes the
 * search before the app runs or without JavaScript, and a link home. Once the app runs, 'Buscar'
 * navigates in the app; the API judges the new search as it judged the last one.
 */
export function SearchForm({ action, homeHref, values, filters, onSearch, className }: SearchFormProps) {
  // Only the browser knows today: the server's HTML leaves the calendar open, the app closes the past.
  const isHydrated = useHydrated()
  return (
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
      className={cx(
        'grid grid-cols-1 gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:grid-cols-2 sm:p-6',
        className,
      )}
    >
      <Field label="Destino" className="sm:col-span-2">
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
      <Field label="Huéspedes">
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
      <div className="mt-1 flex flex-wrap items-center gap-3 sm:col-span-2">
        <button type="submit" className={buttonStyles({ size: 'lg' })}>
          <Search aria-hidden="true" />
          Buscar
        </button>
        <Link to={homeHref} className={buttonStyles({ variant: 'ghost', size: 'lg' })}>
          Volver al inicio
        </Link>
      </div>
    </form>
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
