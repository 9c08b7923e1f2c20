import type { CalendarDate } from '@cabanas/domain/shared'
import { useId, useRef } from 'react'
import { Popover } from '../../components/ui/popover'
import { cx } from '../../lib/cx'
import { formatShortDate } from '../../lib/format'
import type { Stay } from './stay'
import { type DatePicking, StayCalendar } from './stay-calendar'

type StayDatesPickerProps = {
  stay: Stay
  /** Which date the calendar is picking; undefined while it is closed. */
  picking: DatePicking | undefined
  onPickingChange: (picking: DatePicking | undefined) => void
  today: CalendarDate
  bookedNights: ReadonlySet<CalendarDate>
  minNights: number
  availabilityNote: string | undefined
  /** 'popover' floats beside the fields (wide screens); 'inline' opens under them (the mobile sheet). */
  calendarPlacement: 'popover' | 'inline'
  onPickArrival: (date: CalendarDate) => void
  onPickDeparture: (date: CalendarDate) => void
  onClear: () => void
}

/** LLEGADA and SALIDA side by side; either opens the month calendar under them. */
export function StayDatesPicker({
  stay,
  picking,
  onPickingChange,
  onPickDeparture,
  calendarPlacement,
  ...calendarProps
}: StayDatesPickerProps) {
  const calendarId = useId()
  const anchorRef = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  const departureRef = useRef<HTMLButtonElement>(null)
  const isOpen = picking !== undefined

  // The label and the date are two lines; the space between them keeps them two words for whoever
  // compares the button's name with its text (WCAG 2.5.3, label in name).
  const field = (kind: DatePicking, label: string, date: CalendarDate | undefined) => (
    <button
      ref={kind === 'salida' ? departureRef : undefined}
      type="button"
      aria-label={`${label}: ${date ? formatShortDate(date) : 'Agregar fecha'}`}
      aria-haspopup="dialog"
      aria-expanded={picking === kind}
      aria-controls={picking === kind ? calendarId : undefined}
      onClick={() => onPickingChange(kind === 'salida' && !stay.checkIn ? 'llegada' : kind)}
      className={cx(
        'min-w-0 px-3.5 py-2.5 text-left transition-colors hover:bg-stone-50 focus-visible:z-10',
        picking === kind && 'rounded-xl bg-white ring-2 ring-stone-900 hover:bg-white',
      )}
    >
      <span className="block text-[10px] font-bold tracking-wider text-stone-900">{label}</span>{' '}
      <span className={cx('block truncate text-sm', date ? 'text-stone-900' : 'text-stone-500')}>
        {date ? formatShortDate(date) : 'Agregar fecha'}
      </span>
    </button>
  )

  const calendar = picking && (
    <StayCalendar
      picking={picking}
      stay={stay}
      {...calendarProps}
      onPickDeparture={onPickDeparture}
      onClose={() => onPickingChange(undefined)}
      className={calendarPlacement === 'inline' ? 'w-full' : undefined}
    />
  )

  if (calendarPlacement === 'inline') {
    return (
      <>
        <div className="grid grid-cols-2 divide-x divide-stone-300">
          {field('llegada', 'LLEGADA', stay.checkIn)}
          {field('salida', 'SALIDA', stay.checkOut)}
        </div>
        {calendar && (
          <div id={calendarId} className="border-t border-stone-300">
            {calendar}
          </div>
        )}
      </>
    )
  }

  return (
    <>
      <div ref={anchorRef} className="grid grid-cols-2 divide-x divide-stone-300">
        {field('llegada', 'LLEGADA', stay.checkIn)}
        {field('salida', 'SALIDA', stay.checkOut)}
      </div>
      {/* The date fields switch between arrival and departure: a press on them is not a press outside. */}
      <Popover
        open={isOpen}
        onOpenChange={(open) => !open && onPickingChange(undefined)}
        anchorRef={anchorRef}
        ref={contentRef}
        id={calendarId}
        role="dialog"
        aria-label={picking === 'salida' ? 'Fecha de salida' : 'Fecha de llegada'}
        side="left"
        align="start"
        sideOffset={20}
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          contentRef.current?.querySelector<HTMLElement>('button[data-date][tabindex="0"]')?.focus()
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          departureRef.current?.focus({ preventScroll: true })
        }}
      >
        {calendar}
      </Popover>
    </>
  )
}
