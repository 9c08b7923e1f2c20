import { MAX_GUESTS } from '@cabanas/domain/quotes'
import { addDays, type CalendarDate, isCalendarDate } from '@cabanas/domain/shared'
import { type ReactNode, type RefObject, useEffect, useId, useLayoutEffect, useRef } from 'react'
import { cx } from '../../lib/cx'
import type { SearchDraft } from './header-search-context'
import { Divider } from './search-bar-parts'
import { SEARCH_FIELD_IDS, SEARCH_SEGMENTS, type SearchSegment, segmentOfField } from './search-segments'

/** The longest destination the search accepts (the API's limit). */
const MAX_LOCATION_LENGTH = 120

/** Each field's name in the form: the results page's address (features/search/results-query.ts). */
const FIELD_NAMES: Record<SearchSegment, keyof SearchDraft> = {
  destino: 'location',
  llegada: 'checkIn',
  salida: 'checkOut',
  huespedes: 'guests',
}

/**
 * What a field's value says about the draft: a destination as typed, a date (the field gives
 * yyyy-mm-dd, or '' when cleared), or a guest count (nothing while the field holds no whole number).
 */
export function draftPatchOf(segment: SearchSegment, value: string): Partial<SearchDraft> {
  switch (segment) {
    case 'destino':
      return { location: value.slice(0, MAX_LOCATION_LENGTH) }
    case 'llegada':
      return { checkIn: isCalendarDate(value) ? value : undefined }
    case 'salida':
      return { checkOut: isCalendarDate(value) ? value : undefined }
    case 'huespedes':
      return /^\d{1,3}$/.test(value.trim()) ? { guests: Math.min(Number(value), MAX_GUESTS) } : {}
  }
}

type NativeSearchFieldsProps = {
  /** The draft the server rendered the fields with. */
  draft: SearchDraft
  /** The first arrival on offer (Mexico City): the dates' `min`. */
  today: CalendarDate
  /** Places to suggest for the destination ('población, estado'): what the page already has. */
  suggestions: readonly string[]
  /** A field changed, or had changed before the app ran: the draft follows it. */
  onChange: (patch: Partial<SearchDraft>) => void
  /** Written as the fields give way to the app's segments: what the guest had done with them. */
  handoverRef: RefObject<FieldsHandover | null>
}

/** The HTML fields as they give way to the app's segments. */
export type FieldsHandover = {
  /** The field that had the focus, if any. */
  focused: SearchSegment | null
  /** Whether any field holds something else than the server drew (the guest typed or chose). */
  changed: boolean
}

/**
 * The bar's segments as the fields of an HTML form, for the server's HTML and until the app runs:
 * a destination with suggestions, the two dates, the guests. They look like the app's segments, and
 * whatever the guest typed or chose in them before the app ran goes into its draft.
 */
export function NativeSearchFields({
  draft,
  today,
  suggestions,
  onChange,
  handoverRef,
}: NativeSearchFieldsProps) {
  const listId = useId()
  const fields = useRef<Partial<Record<SearchSegment, HTMLInputElement | null>>>({})
  const latestOnChange = useRef(onChange)
  latestOnChange.current = onChange
  // Whether the guest typed or chose something in the fields (before the app ran, or since).
  const changed = useRef(false)

  // Hydrated: what the guest typed or chose before the app ran (React keeps a field's value as it
  // finds it) becomes the draft's.
  useEffect(() => {
    const patch: Partial<SearchDraft> = {}
    for (const segment of SEARCH_SEGMENTS) {
      const input = fields.current[segment]
      if (!input || input.value === input.defaultValue) continue
      // Even an edit the draft cannot hold (the guests cleared) is the guest's.
      changed.current = true
      Object.assign(patch, draftPatchOf(segment, input.value))
    }
    if (Object.keys(patch).length > 0) latestOnChange.current(patch)
  }, [])

  // Giving way to the app's segments (this runs before the fields leave the page): the one with the
  // focus hands it to its segment, and the bar learns whether the guest used the fields.
  useLayoutEffect(
    () => () => {
      handoverRef.current = {
        focused: segmentOfField(document.activeElement?.id),
        changed: changed.current,
      }
    },
    [handoverRef],
  )

  const fieldProps = (segment: SearchSegment) => ({
    id: SEARCH_FIELD_IDS[segment],
    name: FIELD_NAMES[segment],
    required: true,
    ref: (input: HTMLInputElement | null) => {
      fields.current[segment] = input
    },
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      changed.current = true
      onChange(draftPatchOf(segment, event.currentTarget.value))
    },
    className: INPUT_CLASSES,
  })

  return (
    <>
      <FieldSegment
        segment="destino"
        label="Destino"
        className="col-span-2 border-b border-stone-200 md:flex-[1.4] md:border-b-0"
      >
        <input
          {...fieldProps('destino')}
          type="text"
          list={listId}
          defaultValue={draft.location}
          placeholder="Explora destinos"
          maxLength={MAX_LOCATION_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
        />
      </FieldSegment>
      <Divider hidden={false} />
      <FieldSegment
        segment="llegada"
        label="Llegada"
        className="border-r border-b border-stone-200 md:border-0"
      >
        {/* `min` is today in Mexico City when the page was made: the browser may hydrate it a day later. */}
        <input
          {...fieldProps('llegada')}
          type="date"
          min={today}
          defaultValue={draft.checkIn ?? ''}
          suppressHydrationWarning
        />
      </FieldSegment>
      <Divider hidden={false} />
      <FieldSegment segment="salida" label="Salida" className="border-b border-stone-200 md:border-0">
        <input
          {...fieldProps('salida')}
          type="date"
          min={addDays(today, 1)}
          defaultValue={draft.checkOut ?? ''}
          suppressHydrationWarning
        />
      </FieldSegment>
      <Divider hidden={false} />
      <FieldSegment segment="huespedes" label="Huéspedes" className="max-md:rounded-bl-3xl md:flex-1">
        <input
          {...fieldProps('huespedes')}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_GUESTS}
          step={1}
          defaultValue={draft.guests}
        />
      </FieldSegment>
      <datalist id={listId}>
        {suggestions.map((place) => (
          <option key={place} value={place} />
        ))}
      </datalist>
    </>
  )
}

// scroll-mt: a link to a field (`#search-check-in`) leaves the sticky header and the bar in sight. On a
// tablet's bar (md to lg) a date leaves no room for the picker's icon: a tap on the field opens it there.
const INPUT_CLASSES =
  'block h-5 w-full scroll-mt-40 min-w-0 bg-transparent p-0 text-sm leading-5 font-medium text-stone-900 placeholder:font-normal placeholder:text-stone-500 focus:outline-none [&::-webkit-calendar-picker-indicator]:opacity-60 md:max-lg:[&[type=date]::-webkit-calendar-picker-indicator]:hidden'

type FieldSegmentProps = {
  segment: SearchSegment
  label: string
  className: string
  children: ReactNode
}

/** A segment of the bar around its field: the label on top, the field below, as the app's segment. */
function FieldSegment({ segment, label, className, children }: FieldSegmentProps) {
  return (
    <label
      htmlFor={SEARCH_FIELD_IDS[segment]}
      className={cx(
        'flex min-w-0 cursor-text flex-col justify-center px-5 py-2.5 text-left transition-colors md:flex-1 md:rounded-full md:px-6 md:py-3',
        'first:rounded-t-3xl hover:bg-stone-200/60 focus-within:z-10 focus-within:bg-white focus-within:shadow-[0_6px_20px_rgba(0,0,0,0.12)]',
        className,
      )}
    >
      <span className="block text-xs font-semibold text-stone-900">{label}</span>
      {children}
    </label>
  )
}
