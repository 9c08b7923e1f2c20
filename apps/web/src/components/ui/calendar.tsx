import type { CalendarDate } from '@cabanas/domain/shared'
import { addDays, requireValue } from '@cabanas/domain/shared'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import {
  addMonths,
  compareMonths,
  isInMonth,
  longDayName,
  monthGrid,
  monthTitle,
  WEEKDAY_LETTERS,
  WEEKDAY_NAMES,
  type YearMonth,
  yearMonthOf,
} from '../../lib/calendar-month'
import { cx } from '../../lib/cx'

type CalendarProps = {
  /** The first month drawn. */
  month: YearMonth
  onMonthChange: (month: YearMonth) => void
  /** One month on small screens, two side by side on wide ones. */
  numberOfMonths?: 1 | 2
  /** The earliest month reachable with 'Mes anterior'. */
  minMonth?: YearMonth
  rangeStart?: CalendarDate | undefined
  rangeEnd?: CalendarDate | undefined
  /** Past days, days before the arrival…: they cannot be picked. Days outside a month never can. */
  isDayDisabled: (date: CalendarDate) => boolean
  onSelect: (date: CalendarDate) => void
  /** Names the calendar for screen readers: 'Fecha de llegada'. */
  label: string
  className?: string
}

const WEEK = 7
/** How far the keyboard may jump over disabled days looking for one it can land on. */
const MAX_SKIP = 62

/** A Spanish month calendar, weeks starting on Sunday, each month a 42-day grid (spec §2). */
export function Calendar({
  month,
  onMonthChange,
  numberOfMonths = 1,
  minMonth,
  rangeStart,
  rangeEnd,
  isDayDisabled,
  onSelect,
  label,
  className,
}: CalendarProps) {
  const months = Array.from({ length: numberOfMonths }, (_, index) => addMonths(month, index))
  const lastMonth = requireValue(months.at(-1), 'the last month shown')
  const canGoBack = !minMonth || compareMonths(month, minMonth) > 0
  const rootRef = useRef<HTMLFieldSetElement>(null)
  const [focusedDate, setFocusedDate] = useState<CalendarDate | null>(null)
  const [hoveredDate, setHoveredDate] = useState<CalendarDate | null>(null)
  const focusAfterRender = useRef(false)

  const isVisible = (date: CalendarDate) => months.some((m) => isInMonth(date, m))
  const isSelectable = (date: CalendarDate) => isVisible(date) && !isDayDisabled(date)

  // The one day reachable with Tab: the focused one, else the arrival, else the first free day shown.
  const tabbableDate =
    [focusedDate, rangeEnd, rangeStart].find((date): date is CalendarDate => !!date && isSelectable(date)) ??
    months.flatMap(monthGrid).find(isSelectable)

  useEffect(() => {
    if (!focusAfterRender.current || !focusedDate) return
    focusAfterRender.current = false
    rootRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${focusedDate}"]`)?.focus()
  }, [focusedDate])

  const moveFocus = (from: CalendarDate, step: number) => {
    let target = addDays(from, step)
    for (let i = 0; i < MAX_SKIP && isDayDisabled(target); i++) target = addDays(target, step > 0 ? 1 : -1)
    if (isDayDisabled(target)) return
    const targetMonth = yearMonthOf(target)
    if (compareMonths(targetMonth, month) < 0) {
      if (minMonth && compareMonths(targetMonth, minMonth) < 0) return
      onMonthChange(targetMonth)
    } else if (compareMonths(targetMonth, lastMonth) > 0) {
      onMonthChange(addMonths(targetMonth, 1 - numberOfMonths))
    }
    focusAfterRender.current = true
    setFocusedDate(target)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    const from = (event.target as HTMLElement).dataset.date
    if (!from) return
    const steps: Record<string, number> = {
      ArrowLeft: -1,
      ArrowRight: 1,
      ArrowUp: -WEEK,
      ArrowDown: WEEK,
      PageUp: -4 * WEEK,
      PageDown: 4 * WEEK,
    }
    const step = steps[event.key]
    if (step === undefined) return
    event.preventDefault()
    moveFocus(from, step)
  }

  // While only the arrival is chosen, hovering a later day previews the stay.
  const previewEnd =
    rangeStart && !rangeEnd && hoveredDate && hoveredDate > rangeStart ? hoveredDate : undefined
  const end = rangeEnd ?? previewEnd

  return (
    // Arrow keys move between the day buttons inside; the pointer leaving ends the stay preview.
    <fieldset
      ref={rootRef}
      aria-label={label}
      onKeyDown={onKeyDown}
      onMouseLeave={() => setHoveredDate(null)}
      className={cx('relative m-0 min-w-0 border-0 p-0', className)}
    >
      <div className="pointer-events-none absolute inset-x-0 top-0 flex justify-between">
        <button
          type="button"
          aria-label="Mes anterior"
          disabled={!canGoBack}
          onClick={() => onMonthChange(addMonths(month, -1))}
          className="pointer-events-auto flex size-9 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-30"
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          aria-label="Mes siguiente"
          onClick={() => onMonthChange(addMonths(month, 1))}
          className="pointer-events-auto flex size-9 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100"
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className={cx('grid gap-x-8 gap-y-6', numberOfMonths === 2 && 'sm:grid-cols-2')}>
        {months.map((shown) => (
          <MonthGrid
            key={`${shown.year}-${shown.month}`}
            month={shown}
            rangeStart={rangeStart}
            rangeEnd={end}
            tabbableDate={tabbableDate}
            isDayDisabled={isDayDisabled}
            onSelect={(date) => {
              setFocusedDate(date)
              onSelect(date)
            }}
            onHover={setHoveredDate}
          />
        ))}
      </div>
    </fieldset>
  )
}

type MonthGridProps = {
  month: YearMonth
  rangeStart: CalendarDate | undefined
  rangeEnd: CalendarDate | undefined
  tabbableDate: CalendarDate | undefined
  isDayDisabled: (date: CalendarDate) => boolean
  onSelect: (date: CalendarDate) => void
  onHover: (date: CalendarDate | null) => void
}

function MonthGrid({
  month,
  rangeStart,
  rangeEnd,
  tabbableDate,
  isDayDisabled,
  onSelect,
  onHover,
}: MonthGridProps) {
  const title = monthTitle(month)
  const days = monthGrid(month)
  const weeks = Array.from({ length: days.length / WEEK }, (_, row) =>
    days.slice(row * WEEK, row * WEEK + WEEK),
  )

  return (
    <div>
      <h3 className="flex h-9 items-center justify-center text-sm font-semibold text-stone-900">{title}</h3>
      <table aria-label={title} className="mt-2 w-full border-collapse">
        <thead>
          <tr>
            {WEEKDAY_LETTERS.map((letter, index) => (
              <th
                key={WEEKDAY_NAMES[index]}
                scope="col"
                abbr={WEEKDAY_NAMES[index]}
                className="h-8 text-xs font-medium text-stone-500"
              >
                {letter}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                const isOutside = !isInMonth(date, month)
                const isDisabled = isOutside || isDayDisabled(date)
                const isStart = !isOutside && date === rangeStart
                const isEnd = !isOutside && date === rangeEnd
                const isBetween =
                  !isOutside && !!rangeStart && !!rangeEnd && date > rangeStart && date < rangeEnd
                const isSelected = isStart || isEnd
                return (
                  <td
                    key={date}
                    className={cx(
                      'p-0 text-center',
                      isBetween && 'bg-stone-100',
                      isStart && rangeEnd && rangeEnd > date && 'rounded-l-full bg-stone-100',
                      isEnd && rangeStart && 'rounded-r-full bg-stone-100',
                    )}
                  >
                    <button
                      type="button"
                      data-date={date}
                      disabled={isDisabled}
                      aria-hidden={isOutside || undefined}
                      aria-label={isOutside ? undefined : longDayName(date)}
                      aria-pressed={isOutside ? undefined : isSelected}
                      tabIndex={date === tabbableDate ? 0 : -1}
                      onClick={() => onSelect(date)}
                      onMouseEnter={() => onHover(isDisabled ? null : date)}
                      className={cx(
                        'mx-auto flex size-10 items-center justify-center rounded-full text-sm font-medium sm:size-11',
                        isOutside && 'invisible',
                        !isOutside &&
                          !isSelected &&
                          isDisabled &&
                          'cursor-not-allowed text-stone-300 line-through',
                        !isDisabled && !isSelected && 'text-stone-900 hover:ring-1 hover:ring-stone-900',
                        isSelected && 'bg-stone-900 text-white',
                      )}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
