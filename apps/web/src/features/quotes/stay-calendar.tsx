import type { CalendarDate } from '@cabanas/domain/shared'
import { Info } from 'lucide-react'
import { useState } from 'react'
import { Calendar } from '../../components/ui/calendar'
import { yearMonthOf } from '../../lib/calendar-month'
import { cx } from '../../lib/cx'
import { formatShortDate, pluralize } from '../../lib/format'
import { nightsOf, type Stay } from './stay'
import { isArrivalDisabled, isDepartureDisabled } from './stay-calendar-rules'

export type DatePicking = 'llegada' | 'salida'

type StayCalendarProps = {
  picking: DatePicking
  stay: Stay
  today: CalendarDate
  bookedNights: ReadonlySet<CalendarDate>
  minNights: number
  /** The booked nights are still loading, or could not be loaded. */
  availabilityNote: string | undefined
  onPickArrival: (date: CalendarDate) => void
  onPickDeparture: (date: CalendarDate) => void
  onClear: () => void
  onClose: () => void
  className?: string | undefined
}

/** One Spanish month (spec §2) with past and booked nights disabled, and the stay's nights above it. */
export function StayCalendar({
  picking,
  stay,
  today,
  bookedNights,
  minNights,
  availabilityNote,
  onPickArrival,
  onPickDeparture,
  onClear,
  onClose,
  className = 'w-[21.5rem]',
}: StayCalendarProps) {
  const { checkIn, checkOut } = stay
  const [month, setMonth] = useState(() => yearMonthOf(checkIn && checkIn >= today ? checkIn : today))
  const rules = { today, bookedNights, minNights }
  const nights = nightsOf(stay)
  const isPickingDeparture = picking === 'salida' && checkIn !== undefined

  const heading =
    nights > 0
      ? pluralize(nights, 'noche', 'noches')
      : isPickingDeparture
        ? 'Selecciona la fecha de salida'
        : 'Selecciona la fecha de llegada'
  const detail =
    checkIn && checkOut && nights > 0
      ? `${formatShortDate(checkIn)} – ${formatShortDate(checkOut)}`
      : checkIn
        ? `Llegada: ${formatShortDate(checkIn)}`
        : 'Agrega tus fechas para ver el precio exacto'

  return (
    <div className={cx('max-w-full p-4 sm:p-5', className)}>
      <div className="mb-3 px-1">
        <p className="text-lg font-semibold text-stone-900">{heading}</p>
        <p aria-live="polite" className="text-sm text-stone-500">
          {detail}
        </p>
        {minNights > 1 && (
          <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-stone-100 px-2.5 py-1 text-xs font-medium text-stone-700">
            <Info aria-hidden="true" className="size-3.5" />
            {`Estancia mínima: ${pluralize(minNights, 'noche', 'noches')}`}
          </p>
        )}
      </div>
      <Calendar
        label={isPickingDeparture ? 'Calendario de salida' : 'Calendario de llegada'}
        month={month}
        onMonthChange={setMonth}
        minMonth={yearMonthOf(today)}
        numberOfMonths={1}
        rangeStart={checkIn}
        rangeEnd={checkOut}
        isDayDisabled={(date) =>
          isPickingDeparture ? isDepartureDisabled(date, checkIn, rules) : isArrivalDisabled(date, rules)
        }
        onSelect={isPickingDeparture ? onPickDeparture : onPickArrival}
      />
      {availabilityNote && <p className="mt-2 px-1 text-xs text-stone-500">{availabilityNote}</p>}
      <div className="mt-3 flex items-center justify-between gap-3">
        <button
          type="button"
          onClick={onClear}
          disabled={!checkIn && !checkOut}
          className="rounded-lg px-2 py-2 text-sm font-semibold text-stone-900 underline underline-offset-2 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-400 disabled:no-underline"
        >
          Borrar fechas
        </button>
        <button
          type="button"
          onClick={onClose}
          className="h-9 rounded-lg bg-stone-900 px-4 text-sm font-semibold text-white hover:bg-stone-800"
        >
          Cerrar
        </button>
      </div>
    </div>
  )
}
