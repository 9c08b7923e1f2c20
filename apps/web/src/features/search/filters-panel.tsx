import { type AmenityKey, amenityLabel } from '@cabanas/domain/catalog'
import * as Dialog from '@radix-ui/react-dialog'
import { Check, SlidersHorizontal, X } from 'lucide-react'
import { useState } from 'react'
import { Stepper } from '../../components/ui/stepper'
import { cx } from '../../lib/cx'
import { AMENITIES_SHOWN_FIRST, amenityOptions } from './amenity-filters'
import { countActiveFilters, NO_FILTERS, type ResultsFilters } from './results-query'
import { useOpenPanel } from './use-open-panel'

type FiltersPanelProps = {
  /** The filters in the address. */
  filters: ResultsFilters
  /** 'Mostrar lugares': the page writes them into the address. */
  onApply: (filters: ResultsFilters) => void
}

/** Upper bound of the Recámaras, Camas and Baños steppers. */
const MAX_COUNT = 16

const countLabel = (value: number) => (value === 0 ? 'Todos' : `${value}+`)

/** The 'Filtros' button and its dialog (spec §2). Changes apply only with 'Mostrar lugares'. */
export function FiltersPanel({ filters, onApply }: FiltersPanelProps) {
  const { openPanel, setOpenPanel } = useOpenPanel()
  const isOpen = openPanel === 'filtros'
  const active = countActiveFilters(filters)

  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => setOpenPanel(open ? 'filtros' : null)}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className={cx(
            'flex h-10 shrink-0 items-center gap-2 rounded-full border bg-white px-4 text-sm font-semibold text-stone-900 transition hover:shadow-md',
            active > 0 ? 'border-stone-900 ring-1 ring-stone-900' : 'border-stone-300',
          )}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filtros
          {active > 0 && (
            <span className="flex size-5 items-center justify-center rounded-full bg-stone-900 text-xs text-white">
              {active}
              <span className="sr-only"> activos</span>
            </span>
          )}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 motion-safe:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-3xl bg-white shadow-2xl motion-safe:animate-fade-in sm:inset-x-auto sm:top-1/2 sm:left-1/2 sm:bottom-auto sm:max-h-[85dvh] sm:w-[40rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl"
        >
          {/* Mounted on each opening, so the draft starts from the address. */}
          <FiltersForm
            initial={filters}
            onApply={(next) => {
              setOpenPanel(null)
              onApply(next)
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function FiltersForm({
  initial,
  onApply,
}: {
  initial: ResultsFilters
  onApply: (filters: ResultsFilters) => void
}) {
  const [draft, setDraft] = useState(initial)
  const [showsAll, setShowsAll] = useState(false)
  const options = amenityOptions(initial.amenities)
  const hidden = options.length - AMENITIES_SHOWN_FIRST
  const shown = showsAll ? options : options.slice(0, AMENITIES_SHOWN_FIRST)

  const toggleAmenity = (key: AmenityKey) =>
    setDraft((current) => ({
      ...current,
      amenities: current.amenities.includes(key)
        ? current.amenities.filter((item) => item !== key)
        : [...current.amenities, key],
    }))

  return (
    <>
      <header className="relative flex h-16 shrink-0 items-center justify-center border-b border-stone-200 px-14">
        <Dialog.Close
          aria-label="Cerrar"
          className="absolute left-4 flex size-9 items-center justify-center rounded-full hover:bg-stone-100"
        >
          <X aria-hidden="true" className="size-4.5" />
        </Dialog.Close>
        <Dialog.Title className="text-base font-semibold text-stone-900">Filtros</Dialog.Title>
      </header>

      <div className="flex-1 overflow-y-auto overscroll-contain px-6 py-2">
        <section aria-labelledby="filters-rooms" className="border-b border-stone-200 py-6">
          <h3 id="filters-rooms" className="text-lg font-semibold text-stone-900">
            Habitaciones y camas
          </h3>
          <div className="mt-4 flex flex-col gap-5">
            <Stepper
              label="Recámaras"
              value={draft.bedrooms}
              max={MAX_COUNT}
              formatValue={countLabel}
              onChange={(bedrooms) => setDraft((current) => ({ ...current, bedrooms }))}
            />
            <Stepper
              label="Camas"
              value={draft.beds}
              max={MAX_COUNT}
              formatValue={countLabel}
              onChange={(beds) => setDraft((current) => ({ ...current, beds }))}
            />
            <Stepper
              label="Baños"
              value={draft.bathrooms}
              max={MAX_COUNT}
              formatValue={countLabel}
              onChange={(bathrooms) => setDraft((current) => ({ ...current, bathrooms }))}
            />
          </div>
        </section>

        <section aria-labelledby="filters-amenities" className="py-6">
          <h3 id="filters-amenities" className="text-lg font-semibold text-stone-900">
            Amenidades
          </h3>
          <ul className="mt-4 flex flex-wrap gap-2.5">
            {shown.map((key) => {
              const isOn = draft.amenities.includes(key)
              return (
                <li key={key}>
                  <button
                    type="button"
                    aria-pressed={isOn}
                    onClick={() => toggleAmenity(key)}
                    className={cx(
                      'flex items-center gap-1.5 rounded-full border px-4 py-2 text-sm transition-colors',
                      isOn
                        ? 'border-stone-900 bg-stone-900 text-white'
                        : 'border-stone-300 text-stone-800 hover:border-stone-900',
                    )}
                  >
                    {isOn && <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />}
                    {amenityLabel(key)}
                  </button>
                </li>
              )
            })}
          </ul>
          {hidden > 0 && (
            <button
              type="button"
              aria-expanded={showsAll}
              onClick={() => setShowsAll((value) => !value)}
              className="mt-4 rounded-lg px-1 py-1 font-semibold text-stone-900 underline underline-offset-2 hover:bg-stone-100"
            >
              {showsAll ? 'Mostrar menos' : `Mostrar más (${hidden} más)`}
            </button>
          )}
        </section>
      </div>

      <footer className="flex h-20 shrink-0 items-center justify-between gap-4 border-t border-stone-200 px-6">
        <button
          type="button"
          onClick={() => setDraft(NO_FILTERS)}
          disabled={countActiveFilters(draft) === 0}
          className="rounded-lg px-2 py-2 font-semibold text-stone-900 underline underline-offset-2 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-400 disabled:no-underline"
        >
          Borrar todo
        </button>
        <button
          type="button"
          onClick={() => onApply(draft)}
          className="h-12 rounded-xl bg-stone-900 px-6 font-semibold text-white transition-colors hover:bg-black"
        >
          Mostrar lugares
        </button>
      </footer>
    </>
  )
}
