import { type AmenityKey, amenityLabel } from '@cabanas/domain/catalog'
import { Check, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { SelectStepper } from '../../components/ui/select-stepper'
import { AMENITIES_SHOWN_FIRST, amenityOptions } from './amenity-filters'
import { countActiveFilters, NO_FILTERS, type ResultsFilters, readResultsFilters } from './results-query'

/** The search the filters narrow: the form sends it again, unchanged. */
export type FiltersSearch = { location: string; checkIn: string; checkOut: string; guests: number }

type FiltersFormProps = {
  /** Counts the app's openings of the dialog: each starts a new draft from the address. */
  opening: number
  action: string
  search: FiltersSearch
  /** The filters in the address: where the draft starts. */
  initial: ResultsFilters
  /** The dialog the close button closes without JavaScript. */
  dialogId: string
  titleId: string
  onClose: () => void
  onApply: (filters: ResultsFilters) => void
}

/** Upper bound of the Recámaras, Camas and Baños steppers. */
const MAX_COUNT = 16

const countLabel = (value: number) => (value === 0 ? 'Todos' : `${value}+`)

/** What a form would send, as an address's parameters (its files left out). */
function formParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams()
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.append(name, value)
  return params
}

/** The search as hidden fields, so that a form of the results page keeps it. */
function SearchFields({ search }: { search: FiltersSearch }) {
  return (
    <>
      <input type="hidden" name="location" value={search.location} />
      <input type="hidden" name="checkIn" value={search.checkIn} />
      <input type="hidden" name="checkOut" value={search.checkOut} />
      <input type="hidden" name="guests" value={search.guests} />
    </>
  )
}

/**
 * The filters as a GET form of the results page: native selects and checkboxes, 'Mostrar lugares'
 * submits it, 'Borrar todo' submits a second form that carries the search alone. Once the app runs,
 * both act on a draft (the spec's behaviour) and 'Mostrar lugares' hands it to `onApply`.
 */
export function FiltersForm({
  opening,
  action,
  search,
  initial,
  dialogId,
  titleId,
  onClose,
  onApply,
}: FiltersFormProps) {
  const formRef = useRef<HTMLFormElement>(null)
  const clearFormId = useId()
  const [draft, setDraft] = useState(initial)
  // A new opening starts from the address again. Reset here rather than by mounting the form anew: the
  // tap that opens the dialog then changes a few fields instead of building ~250 elements again.
  const [draftOpening, setDraftOpening] = useState(opening)
  if (opening !== draftOpening) {
    setDraftOpening(opening)
    setDraft(initial)
  }
  const options = amenityOptions(initial.amenities)
  const hidden = options.length - AMENITIES_SHOWN_FIRST

  // Picked before the app ran (the browser kept the choices in the form): the draft takes them.
  useEffect(() => {
    const form = formRef.current
    if (form) setDraft(readResultsFilters(formParams(form)))
  }, [])

  const toggleAmenity = (key: AmenityKey) =>
    setDraft((current) => ({
      ...current,
      amenities: current.amenities.includes(key)
        ? current.amenities.filter((item) => item !== key)
        : [...current.amenities, key],
    }))

  return (
    <>
      <form
        ref={formRef}
        method="get"
        action={action}
        onSubmit={(event) => {
          event.preventDefault()
          onApply(draft)
        }}
        className="flex min-h-0 flex-1 flex-col"
      >
        <SearchFields search={search} />
        <header className="relative flex h-16 shrink-0 items-center justify-center border-b border-stone-200 px-14">
          <button
            type="button"
            aria-label="Cerrar"
            commandfor={dialogId}
            command="close"
            onClick={(event) => {
              event.preventDefault()
              onClose()
            }}
            className="absolute left-4 flex size-9 items-center justify-center rounded-full hover:bg-stone-100"
          >
            <X aria-hidden="true" className="size-4.5" />
          </button>
          <h2 id={titleId} className="text-base font-semibold text-stone-900">
            Filtros
          </h2>
        </header>

        <div className="flex-1 overflow-y-auto overscroll-contain px-6 py-2">
          <section aria-labelledby="filters-rooms" className="border-b border-stone-200 py-6">
            <h3 id="filters-rooms" className="text-lg font-semibold text-stone-900">
              Habitaciones y camas
            </h3>
            <div className="mt-4 flex flex-col gap-5">
              <SelectStepper
                label="Recámaras"
                name="bedrooms"
                value={draft.bedrooms}
                max={MAX_COUNT}
                formatValue={countLabel}
                onChange={(bedrooms) => setDraft((current) => ({ ...current, bedrooms }))}
              />
              <SelectStepper
                label="Camas"
                name="beds"
                value={draft.beds}
                max={MAX_COUNT}
                formatValue={countLabel}
                onChange={(beds) => setDraft((current) => ({ ...current, beds }))}
              />
              <SelectStepper
                label="Baños"
                name="bathrooms"
                value={draft.bathrooms}
                max={MAX_COUNT}
                formatValue={countLabel}
                onChange={(bathrooms) => setDraft((current) => ({ ...current, bathrooms }))}
              />
            </div>
          </section>

          {/* 'Mostrar más' is a checkbox styled as a link: CSS shows the rest, with or without JavaScript. */}
          <section aria-labelledby="filters-amenities" className="group/amenities py-6">
            <h3 id="filters-amenities" className="text-lg font-semibold text-stone-900">
              Amenidades
            </h3>
            <ul className="mt-4 flex flex-wrap gap-2.5">
              {options.map((key, index) => (
                <li
                  key={key}
                  className={
                    index >= AMENITIES_SHOWN_FIRST
                      ? 'hidden group-has-[[data-show-all]:checked]/amenities:block'
                      : undefined
                  }
                >
                  <AmenityToggle
                    amenity={key}
                    isOn={draft.amenities.includes(key)}
                    onToggle={() => toggleAmenity(key)}
                  />
                </li>
              ))}
            </ul>
            {hidden > 0 && (
              <label className="relative mt-4 inline-flex rounded-lg px-1 py-1 font-semibold text-stone-900 underline underline-offset-2 hover:bg-stone-100">
                <input
                  type="checkbox"
                  data-show-all=""
                  className="absolute inset-0 cursor-pointer appearance-none rounded-lg"
                />
                <span className="group-has-[[data-show-all]:checked]/amenities:hidden">
                  Mostrar más ({hidden} más)
                </span>
                <span className="hidden group-has-[[data-show-all]:checked]/amenities:inline">
                  Mostrar menos
                </span>
              </label>
            )}
          </section>
        </div>

        <footer className="flex h-20 shrink-0 items-center justify-between gap-4 border-t border-stone-200 px-6">
          <button
            type="submit"
            form={clearFormId}
            onClick={(event) => {
              event.preventDefault()
              setDraft(NO_FILTERS)
            }}
            disabled={countActiveFilters(draft) === 0}
            className="rounded-lg px-2 py-2 font-semibold text-stone-900 underline underline-offset-2 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-400 disabled:no-underline"
          >
            Borrar todo
          </button>
          <button
            type="submit"
            className="h-12 rounded-xl bg-stone-900 px-6 font-semibold text-white transition-colors hover:bg-black"
          >
            Mostrar lugares
          </button>
        </footer>
      </form>
      {/* 'Borrar todo' without JavaScript: the search without its filters. */}
      <form id={clearFormId} method="get" action={action} hidden>
        <SearchFields search={search} />
      </form>
    </>
  )
}

/** An amenity as a checkbox drawn as a pill; its look follows the box (`has-checked`), not the app. */
function AmenityToggle({
  amenity,
  isOn,
  onToggle,
}: {
  amenity: AmenityKey
  isOn: boolean
  onToggle: () => void
}) {
  return (
    <label className="relative flex items-center gap-1.5 rounded-full border border-stone-300 px-4 py-2 text-sm text-stone-800 transition-colors hover:border-stone-900 has-checked:border-stone-900 has-checked:bg-stone-900 has-checked:text-white">
      <input
        type="checkbox"
        name="amenities"
        value={amenity}
        checked={isOn}
        onChange={onToggle}
        className="peer absolute inset-0 cursor-pointer appearance-none rounded-full"
      />
      <Check aria-hidden="true" className="hidden size-3.5 peer-checked:block" strokeWidth={3} />
      {amenityLabel(amenity)}
    </label>
  )
}
