import type { CalendarDate } from '@cabanas/domain/shared'
import { addDays, dayOfWeek, formatMxn } from '@cabanas/domain/shared'
import { Lock } from 'lucide-react'
import { type KeyboardEvent, useRef } from 'react'
import {
  isInMonth,
  longDayName,
  monthGrid,
  monthTitle,
  WEEKDAY_LETTERS,
  WEEKDAY_NAMES,
  type YearMonth,
} from '../../lib/calendar-month'
import { cx } from '../../lib/cx'
import type { CalendarDay } from './calendar-days'

type HostMonthGridProps = {
  month: YearMonth
  days: ReadonlyMap<CalendarDate, CalendarDay>
  /** The first night picked, and the last once picked. */
  selection: { first: CalendarDate; last?: CalendarDate } | null
  onSelect: (date: CalendarDate) => void
}

const WEEK = 7
const STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -WEEK, ArrowDown: WEEK }

/** What a screen reader says of a night: its date, who or what holds it, and its price. */
function dayLabel(day: CalendarDay): string {
  const parts = [longDayName(day.date)]
  if (day.reservation) parts.push(`reservada por ${day.reservation.guestFirstName}`)
  else if (day.block) parts.push(day.block.note ? `bloqueada: ${day.block.note}` : 'bloqueada')
  else parts.push('libre')
  if (day.rate !== null)
    parts.push(day.kind === 'custom' ? `precio especial ${formatMxn(day.rate)}` : formatMxn(day.rate))
  if (day.today) parts.push('hoy')
  if (day.past) parts.push('ya pasó')
  return parts.join(', ')
}

/**
 * A month of the host's calendar, weeks from Sunday: each night a button with its day, its price, and
 * the guest's first name or a lock when it is taken. Days of the neighbouring months fill the first and
 * last weeks (dimmed) and can be picked too, so a weekend across a month's end is one selection.
 * Arrow keys move between the nights.
 */
export function HostMonthGrid({ month, days, selection, onSelect }: HostMonthGridProps) {
  const tableRef = useRef<HTMLTableElement>(null)
  const dates = monthGrid(month)
  const weeks = Array.from({ length: dates.length / WEEK }, (_, row) =>
    dates.slice(row * WEEK, row * WEEK + WEEK),
  )
  const isPickable = (date: CalendarDate) => days.get(date)?.past === false
  const tabbable =
    [selection?.last, selection?.first].find((date): date is CalendarDate => !!date && isPickable(date)) ??
    dates.find((date) => isInMonth(date, month) && isPickable(date))

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const from = (event.target as HTMLElement).dataset.date
    const step = STEPS[event.key]
    if (!from || step === undefined) return
    const target = addDays(from, step)
    const button = tableRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${target}"]`)
    if (!button || button.disabled) return
    event.preventDefault()
    button.focus()
  }

  return (
    <table
      ref={tableRef}
      aria-label={monthTitle(month)}
      onKeyDown={onKeyDown}
      className="w-full table-fixed border-separate border-spacing-0.5"
    >
      <thead>
        <tr>
          {WEEKDAY_LETTERS.map((letter, index) => (
            <th
              key={WEEKDAY_NAMES[index]}
              scope="col"
              abbr={WEEKDAY_NAMES[index]}
              className="h-7 text-xs font-medium text-stone-500"
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
              const day = days.get(date)
              return (
                <td key={date} className="p-0 align-top">
                  {day ? (
                    <DayButton
                      day={day}
                      outside={!isInMonth(date, month)}
                      selection={selection}
                      tabbable={date === tabbable}
                      onSelect={onSelect}
                    />
                  ) : (
                    <div className="h-16 rounded-lg bg-stone-50" />
                  )}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

type DayButtonProps = {
  day: CalendarDay
  outside: boolean
  selection: HostMonthGridProps['selection']
  tabbable: boolean
  onSelect: (date: CalendarDate) => void
}

function DayButton({ day, outside, selection, tabbable, onSelect }: DayButtonProps) {
  const { date, reservation, block } = day
  const isEdge = selection !== null && (date === selection.first || date === selection.last)
  const isBetween = selection?.last !== undefined && date > selection.first && date < selection.last
  // The guest's name on the first night of the stay, and again at the start of each week it spans.
  const weekStart = dayOfWeek(date) === 0
  const showsName = reservation && (date === reservation.checkIn || weekStart)
  // A block's note, cut to the cell, on its first night and at each week's start (the list below has it whole).
  const showsNote = !reservation && block?.note && (date === block.startsOn || weekStart)
  return (
    <button
      type="button"
      data-date={date}
      disabled={day.past}
      tabIndex={tabbable ? 0 : -1}
      aria-pressed={isEdge || isBetween}
      aria-current={day.today ? 'date' : undefined}
      aria-label={dayLabel(day)}
      onClick={() => onSelect(date)}
      className={cx(
        'relative flex h-16 w-full min-w-0 flex-col items-stretch overflow-hidden rounded-lg border p-1 text-left transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
        reservation
          ? 'border-brand-200 bg-brand-100 text-brand-950'
          : block
            ? 'border-stone-300 bg-[repeating-linear-gradient(135deg,var(--color-stone-100)_0,var(--color-stone-100)_6px,var(--color-stone-200)_6px,var(--color-stone-200)_8px)] text-stone-700'
            : 'border-stone-200 bg-white text-stone-900 hover:border-stone-400',
        outside && 'opacity-60',
        day.past && 'cursor-not-allowed opacity-45',
        isBetween && 'ring-2 ring-stone-900/40 ring-inset',
        isEdge && 'ring-2 ring-stone-900 ring-inset',
      )}
    >
      <span className="flex items-center justify-between text-xs leading-none font-semibold">
        <span className={cx(day.today && '-m-0.5 rounded bg-stone-900 px-1 py-0.5 text-white')}>
          {Number(date.slice(8))}
        </span>
        {block && !reservation && <Lock aria-hidden="true" className="size-3 shrink-0" />}
      </span>
      {day.rate !== null && (
        <span
          className={cx(
            'mt-1 truncate text-[10px] leading-tight tabular-nums sm:text-xs',
            day.kind === 'custom' ? 'font-bold text-accent-700' : 'text-stone-600',
            reservation && 'text-brand-900',
          )}
        >
          {formatMxn(day.rate)}
        </span>
      )}
      {showsNote && (
        <span className="mt-auto truncate text-[10px] leading-tight font-medium text-stone-700 sm:text-xs">
          {block.note}
        </span>
      )}
      {showsName && (
        <span className="mt-auto truncate text-[10px] leading-tight font-semibold sm:text-xs">
          {reservation.guestFirstName}
        </span>
      )}
    </button>
  )
}
