import type { CalendarDate } from '@cabanas/domain/shared'
import { nightsBetween } from '@cabanas/domain/shared'
import { useState } from 'react'
import { Calendar } from '../../components/ui/calendar'
import { longDayName, yearMonthOf } from '../../lib/calendar-month'
import { pluralize } from '../../lib/format'
import { useMediaQuery } from '../../lib/use-media-query'

export type StayDates = { checkIn: CalendarDate | undefined; checkOut: CalendarDate | undefined }

type DatesPanelProps = {
  id: string
  /** Which date the next click picks. */
  picking: 'llegada' | 'salida'
  dates: StayDates
  today: CalendarDate
  onPickArrival: (date: CalendarDate) => void
  onPickDeparture: (date: CalendarDate) => void
  onClear: () => void
}

/** Arrival and departure on a two-month calendar (one month on small screens). */
export function DatesPanel({
  id,
  picking,
  dates,
  today,
  onPickArrival,
  onPickDeparture,
  onClear,
}: DatesPanelProps) {
  const isWide = useMediaQuery('(min-width: 768px)')
  const [month, setMonth] = useState(() => yearMonthOf(dates.checkIn ?? today))
  const { checkIn, checkOut } = dates
  const nights = checkIn && checkOut ? nightsBetween(checkIn, checkOut) : 0

  const isDayDisabled = (date: CalendarDate) =>
    date < today || (picking === 'salida' && checkIn !== undefined && date <= checkIn)

  const heading =
    nights > 0
      ? pluralize(nights, 'noche', 'noches')
      : picking === 'llegada'
        ? 'Selecciona la fecha de llegada'
        : 'Selecciona la fecha de salida'

  return (
    <div
      id={id}
      role="dialog"
      aria-label={picking === 'llegada' ? 'Fecha de llegada' : 'Fecha de salida'}
      className="w-full rounded-3xl border border-stone-200 bg-white p-4 shadow-xl sm:p-6 md:w-[46rem]"
    >
      <div className="mb-4 px-1">
        <p className="text-lg font-semibold text-stone-900">{heading}</p>
        <p aria-live="polite" className="text-sm text-stone-500">
          {checkIn && checkOut
            ? `${longDayName(checkIn)} – ${longDayName(checkOut)}`
            : checkIn
              ? `Llegada: ${longDayName(checkIn)}`
              : 'Agrega tus fechas para ver precios exactos'}
        </p>
      </div>
      <Calendar
        label={picking === 'llegada' ? 'Calendario de llegada' : 'Calendario de salida'}
        month={month}
        onMonthChange={setMonth}
        minMonth={yearMonthOf(today)}
        numberOfMonths={isWide ? 2 : 1}
        rangeStart={checkIn}
        rangeEnd={checkOut}
        isDayDisabled={isDayDisabled}
        onSelect={picking === 'llegada' ? onPickArrival : onPickDeparture}
      />
      <div className="mt-3 flex justify-end">
        <button
          type="button"
          onClick={onClear}
          disabled={!checkIn && !checkOut}
          className="rounded-lg px-3 py-2 text-sm font-semibold text-stone-900 underline underline-offset-2 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-400 disabled:no-underline"
        >
          Borrar fechas
        </button>
      </div>
    </div>
  )
}
