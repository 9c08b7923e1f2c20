import type { CalendarDate } from '@cabanas/domain/shared'
import { requireValue } from '@cabanas/domain/shared'
import { Search } from 'lucide-react'
import { type FormEvent, lazy, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import type { DismissReason } from '../../components/ui/dismissable'
import { firstArrivalInMexico, shortDayName, todayInMexico } from '../../lib/calendar-month'
import { cx } from '../../lib/cx'
import { useHydrated } from '../../lib/use-hydrated'
import type { DestinationOption } from './destination-panel'
import { guestsLabel } from './guests-label'
import { type SearchDraft, useSearchStore } from './header-search-context'
import { type FieldsHandover, NativeSearchFields } from './search-bar-fields'
import { Divider, LazyPanel, PanelFrame, Segment } from './search-bar-parts'
import { SearchSheet, useSearchSheet } from './search-bar-sheet'
import {
  isPhone,
  isSearchSegment,
  SEARCH_TRIGGER_ID,
  type SearchSegment,
  segmentOfField,
  segmentTriggerId,
} from './search-segments'
import type { SearchProblem } from './search-validation'
import { useOpenPanel } from './use-open-panel'
import { useSearchDraft } from './use-search-draft'

// The panels and the validation load on first use (or when the pointer or focus reaches the bar):
// the closed bar is all the first view needs.
const loadDestinationPanel = () => import('./destination-panel')
const loadDatesPanel = () => import('./dates-panel')
const loadGuestsPanel = () => import('./guests-panel')
const loadValidation = () => import('./search-validation')
const DestinationPanel = lazy(() => loadDestinationPanel().then((m) => ({ default: m.DestinationPanel })))
const DatesPanel = lazy(() => loadDatesPanel().then((m) => ({ default: m.DatesPanel })))
const GuestsPanel = lazy(() => loadGuestsPanel().then((m) => ({ default: m.GuestsPanel })))

function preloadPanels() {
  void loadDestinationPanel()
  void loadDatesPanel()
  void loadGuestsPanel()
  void loadValidation()
}

type FindSearchProblem = (draft: SearchDraft) => SearchProblem | null

export type CompleteSearch = {
  location: string
  checkIn: CalendarDate
  checkOut: CalendarDate
  guests: number
}

type SearchBarProps = {
  /** Where the HTML form goes before the app runs: the results page. */
  action: string
  /** Suggestions for the destination panel; undefined while they load. */
  destinations: readonly DestinationOption[] | undefined
  /** The HTML form's suggestions ('población, estado'): what the page already has, never a request. */
  suggestions: readonly string[]
  /** More of the results page's address the HTML form keeps (its filters), by parameter. */
  keptParams: ReadonlyArray<readonly [string, string]>
  /**
   * The home page (and a destination's page) says why a search cannot run (spec §5); on the
   * results page the button does nothing until the dates and guests are valid.
   */
  explainProblems: boolean
  onSearch: (search: CompleteSearch) => void
}

/** How far below the sticky header the bar must go before the header shows the compact pill. */
const HEADER_HEIGHT_PX = 80

function focusSegment(segment: SearchSegment) {
  document.getElementById(segmentTriggerId(segment))?.focus({ preventScroll: true })
}

/**
 * The segment whose panel a tap made before the app ran was to open, now that the app runs (see
 * SearchBar), or null. Only when the guest has not used the fields since, nor moved the focus out of
 * the search (to the header's menu, a link): the address names a field (`#search-check-in`, where a
 * popular destination leads; the browser focuses that field as the page loads), or else the HTML sheet
 * is open, which only the phone trigger opens (Destino).
 */
function unfinishedTap(fields: FieldsHandover | null, isSheetOpen: boolean): SearchSegment | null {
  if (fields?.changed) return null
  const named = segmentOfField(window.location.hash.slice(1))
  if (fields?.focused) return fields.focused === named ? named : null
  const active = document.activeElement
  const focusIsFree = !active || active === document.body || active.id === SEARCH_TRIGGER_ID
  if (!focusIsFree) return null
  return named ?? (isSheetOpen ? 'destino' : null)
}

/**
 * The header search: Destino, Llegada, Salida, Huéspedes and the search button (spec §2). The server
 * draws it as an HTML form to the results page that works before the app runs (and without
 * JavaScript); once the app runs, its segments open their panels.
 */
export function SearchBar({
  action,
  destinations,
  suggestions,
  keptParams,
  explainProblems,
  onSearch,
}: SearchBarProps) {
  const isEnhanced = useHydrated()
  const { draft, updateDraft } = useSearchDraft()
  const { openPanel, setOpenPanel, togglePanel, closePanel, setBarInView } = useOpenPanel()
  // Set on a refused search: the message then follows the draft until the search can run.
  const [findProblem, setFindProblem] = useState<FindSearchProblem | null>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const panelIds = { destino: useId(), fechas: useId(), huespedes: useId() }
  const open = isSearchSegment(openPanel) ? openPanel : null
  // The first arrival on offer: today until 15:00 in Mexico City, then tomorrow.
  const today = firstArrivalInMexico()
  const problem = findProblem ? findProblem(draft) : null
  const { isSheetOpen, closeSheet, followNativeSheet } = useSearchSheet(open)
  const openRef = useRef(open)
  openRef.current = open
  // What the guest did with the HTML fields before the app took over (NativeSearchFields).
  const handover = useRef<FieldsHandover | null>(null)
  // Whether this bar was first drawn as the HTML form, which the app then takes over (not when it is
  // mounted again by a later navigation, back to an address with `#search-check-in` for instance).
  const startsAsHtml = useRef(!isEnhanced)
  const isSheetOpenRef = useRef(isSheetOpen)
  isSheetOpenRef.current = isSheetOpen
  const store = useSearchStore()

  // The app takes over: the field that had the focus hands it to its segment, and a tap made before
  // the app ran is finished as the same tap would be now, on its segment's panel (unfinishedTap). On a
  // wide screen only while the bar is in sight; a phone's sheet covers the screen.
  useLayoutEffect(() => {
    if (!isEnhanced || !startsAsHtml.current) return
    startsAsHtml.current = false
    const fields = handover.current
    handover.current = null
    const { openPanel: anyPanel, isBarInView } = store.get()
    const unfinished =
      anyPanel === null && (isPhone() || isBarInView) ? unfinishedTap(fields, isSheetOpenRef.current) : null
    if (unfinished) setOpenPanel(unfinished)
    // A segment the header's pill opened while this bar was still HTML gets the focus its sheet could
    // not give it then (no segment was drawn).
    const segment = unfinished ?? fields?.focused ?? (isSearchSegment(anyPanel) ? anyPanel : null)
    if (segment) focusSegment(segment)
  }, [isEnhanced, setOpenPanel, store])

  // An open panel closes on Escape (its segment takes the focus back) and on a press or a focus move
  // outside the bar (PanelFrame).
  const dismissPanel = (reason: DismissReason) => {
    if (reason === 'escape' && open) focusSegment(open)
    closePanel()
  }
  const panelFrameProps = { insideRef: rootRef, onDismiss: dismissPanel }

  // The sheet opens with a segment open: focus goes into it, on that segment.
  useEffect(() => {
    if (isSheetOpen && openRef.current) focusSegment(openRef.current)
  }, [isSheetOpen])

  // The header shows the compact pill while this bar is scrolled out of sight; an open panel closes
  // when the bar leaves. Measured on scroll (once per frame), which also holds after zooms and resizes.
  useEffect(() => {
    const element = rootRef.current
    if (!element) return
    let frame = 0
    let wasInView = true
    const measure = () => {
      frame = 0
      const rect = element.getBoundingClientRect()
      // A bar without layout (not rendered yet, or a test DOM) counts as visible.
      const isInView = rect.height === 0 || rect.bottom > HEADER_HEIGHT_PX
      setBarInView(isInView)
      if (wasInView && !isInView && openRef.current) setOpenPanel(null)
      wasInView = isInView
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    measure()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      setBarInView(true)
    }
  }, [setBarInView, setOpenPanel])

  const moveTo = (segment: SearchSegment) => {
    setOpenPanel(segment)
    focusSegment(segment)
  }

  const submit = async (event: FormEvent) => {
    // Before the app takes over, the browser sends the form (its own checks first).
    if (!isEnhanced) return
    event.preventDefault()
    const { findSearchProblem } = await loadValidation()
    const check = (searched: SearchDraft) => findSearchProblem(searched, { today: todayInMexico() })
    const found = check(draft)
    if (found) {
      if (!explainProblems) return
      setFindProblem(() => check)
      setOpenPanel(found.panel)
      return
    }
    setFindProblem(null)
    closePanel()
    if (isSheetOpen) closeSheet()
    onSearch({
      location: draft.location.trim(),
      checkIn: requireValue(draft.checkIn, 'the arrival of a checked search'),
      checkOut: requireValue(draft.checkOut, 'the departure of a checked search'),
      guests: draft.guests,
    })
  }

  const segmentProps = (segment: SearchSegment, panelId: string) => ({
    id: segmentTriggerId(segment),
    isActive: open === segment,
    panelId,
    onClick: () => togglePanel(segment),
  })

  return (
    <SearchSheet
      isOpen={isSheetOpen}
      isEnhanced={isEnhanced}
      onClose={closeSheet}
      onNativeToggle={followNativeSheet}
    >
      <search
        aria-label="Buscar cabañas"
        onPointerEnter={preloadPanels}
        onFocus={preloadPanels}
        className="mx-auto block w-full max-w-4xl"
      >
        <form method="get" action={action} onSubmit={(event) => void submit(event)}>
          <div
            ref={rootRef}
            className={cx(
              'relative grid grid-cols-2 rounded-3xl border border-stone-200 shadow-[0_3px_12px_rgba(0,0,0,0.08)] transition-colors md:flex md:items-center md:rounded-full',
              open ? 'bg-stone-100' : 'bg-white',
              !isEnhanced && 'has-focus:bg-stone-100',
            )}
          >
            {isEnhanced ? (
              <>
                <Segment
                  {...segmentProps('destino', panelIds.destino)}
                  label="Destino"
                  value={draft.location || 'Explora destinos'}
                  isPlaceholder={!draft.location}
                  className="col-span-2 border-b border-stone-200 md:flex-[1.4] md:border-b-0"
                />
                {open === 'destino' && (
                  <PanelFrame {...panelFrameProps} notice={problem?.message} className="md:right-auto">
                    <LazyPanel>
                      <DestinationPanel
                        id={panelIds.destino}
                        destinations={destinations}
                        selected={draft.location}
                        onSelect={(location) => {
                          updateDraft({ location })
                          moveTo('llegada')
                        }}
                      />
                    </LazyPanel>
                  </PanelFrame>
                )}
                <Divider hidden={open === 'destino' || open === 'llegada'} />
                <Segment
                  {...segmentProps('llegada', panelIds.fechas)}
                  label="Llegada"
                  value={draft.checkIn ? shortDayName(draft.checkIn) : 'Agrega fecha'}
                  isPlaceholder={!draft.checkIn}
                  className="border-r border-b border-stone-200 md:border-0"
                />
                <Divider hidden={open === 'llegada' || open === 'salida'} />
                <Segment
                  {...segmentProps('salida', panelIds.fechas)}
                  label="Salida"
                  value={draft.checkOut ? shortDayName(draft.checkOut) : 'Agrega fecha'}
                  isPlaceholder={!draft.checkOut}
                  className="border-b border-stone-200 md:border-0"
                />
                {(open === 'llegada' || open === 'salida') && (
                  <PanelFrame
                    {...panelFrameProps}
                    notice={problem?.message}
                    className="md:left-1/2 md:right-auto md:-translate-x-1/2"
                  >
                    <LazyPanel>
                      <DatesPanel
                        id={panelIds.fechas}
                        picking={open}
                        dates={{ checkIn: draft.checkIn, checkOut: draft.checkOut }}
                        today={today}
                        onPickArrival={(checkIn) => {
                          const keepsDeparture = draft.checkOut !== undefined && draft.checkOut > checkIn
                          updateDraft({ checkIn, checkOut: keepsDeparture ? draft.checkOut : undefined })
                          setOpenPanel('salida')
                        }}
                        onPickDeparture={(checkOut) => {
                          updateDraft({ checkOut })
                          moveTo('huespedes')
                        }}
                        onClear={() => {
                          updateDraft({ checkIn: undefined, checkOut: undefined })
                          moveTo('llegada')
                        }}
                      />
                    </LazyPanel>
                  </PanelFrame>
                )}
                <Divider hidden={open === 'salida' || open === 'huespedes'} />
                <Segment
                  {...segmentProps('huespedes', panelIds.huespedes)}
                  label="Huéspedes"
                  value={guestsLabel(draft.guests)}
                  isPlaceholder={draft.guests < 1}
                  className="max-md:rounded-bl-3xl md:flex-1"
                />
                {open === 'huespedes' && (
                  <PanelFrame {...panelFrameProps} notice={problem?.message} className="md:left-auto">
                    <LazyPanel>
                      <GuestsPanel
                        id={panelIds.huespedes}
                        guests={draft.guests}
                        onChange={(guests) => updateDraft({ guests })}
                      />
                    </LazyPanel>
                  </PanelFrame>
                )}
              </>
            ) : (
              <NativeSearchFields
                draft={draft}
                today={today}
                suggestions={suggestions}
                // The header's trigger may not have hydrated yet: it starts from the server's draft and
                // shows this one right after (useSearchState), its HTML kept.
                onChange={updateDraft}
                handoverRef={handover}
              />
            )}
            <div className="flex items-center justify-end p-2 md:pl-0">
              <button
                type="submit"
                className="flex h-11 w-full items-center justify-center gap-2 rounded-full bg-accent-600 px-5 font-semibold text-white shadow-sm transition-colors hover:bg-accent-700 active:bg-accent-800 md:h-12 md:w-auto"
              >
                <Search aria-hidden="true" className="size-4.5" strokeWidth={2.5} />
                Buscar
              </button>
            </div>
          </div>
          {!isEnhanced &&
            keptParams.map(([name, value]) => (
              <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
            ))}
          {problem && !open && (
            <p
              role="alert"
              className="mx-auto mt-3 w-fit max-w-full rounded-full bg-accent-50 px-4 py-2 text-center text-sm font-medium text-accent-800"
            >
              {problem.message}
            </p>
          )}
        </form>
      </search>
    </SearchSheet>
  )
}
