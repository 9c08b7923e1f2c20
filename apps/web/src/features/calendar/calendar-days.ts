import type { CalendarBlock, CalendarReservation, HostCalendar } from '@cabanas/domain/calendar'
import { addDays, type CalendarDate } from '@cabanas/domain/shared'

/** One night as the host's month draws it. */
export type CalendarDay = {
  date: CalendarDate
  /** Before Mexico City's today: shown, never changed. */
  past: boolean
  /** Mexico City's today. */
  today: boolean
  /** The host's rate of the night (centavos), and where it comes from. */
  rate: number | null
  kind: HostCalendar['nights'][number]['kind'] | null
  reservation: CalendarReservation | null
  block: CalendarBlock | null
}

/** A selection of nights: its first and its last night (inclusive), in order. */
export type NightSelection = { first: CalendarDate; last: CalendarDate }

const covers = (range: { start: string; end: string }, date: CalendarDate) =>
  range.start <= date && date < range.end

/** What each date of `dates` is in the calendar: its price, and the stay or block holding it. */
export function calendarDays(
  calendar: HostCalendar,
  dates: readonly CalendarDate[],
): Map<CalendarDate, CalendarDay> {
  const nights = new Map(calendar.nights.map((night) => [night.date, night]))
  const days = new Map<CalendarDate, CalendarDay>()
  for (const date of dates) {
    const night = nights.get(date)
    days.set(date, {
      date,
      past: date < calendar.today,
      today: date === calendar.today,
      rate: night?.rate ?? null,
      kind: night?.kind ?? null,
      reservation:
        calendar.reservations.find((r) => covers({ start: r.checkIn, end: r.checkOut }, date)) ?? null,
      block: calendar.blocks.find((b) => covers({ start: b.startsOn, end: b.endsOn }, date)) ?? null,
    })
  }
  return days
}

/** The dates of a selection, first to last. */
export function selectedDates({ first, last }: NightSelection): CalendarDate[] {
  const dates: CalendarDate[] = []
  for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date)
  return dates
}

/** The API's range of a selection: its first night and the day after its last. */
export function rangeOf({ first, last }: NightSelection) {
  return { startsOn: first, endsOn: addDays(last, 1) }
}

/**
 * The next selection after a tap on `date`: the first tap picks the first night, the second the last
 * (the same night again: just that one). A tap before the first night starts over from it.
 */
export function nextSelection(
  current: { first: CalendarDate; last?: CalendarDate } | null,
  date: CalendarDate,
): { first: CalendarDate; last?: CalendarDate } {
  if (!current || current.last !== undefined || date < current.first) return { first: date }
  return { first: current.first, last: date }
}

/** What a selection holds, for the actions the sheet offers. */
export function summarizeSelection(days: readonly CalendarDay[]) {
  const blocks = new Map<string, CalendarBlock>()
  for (const day of days) if (day.block) blocks.set(day.block.id, day.block)
  return {
    nights: days.length,
    reserved: days.some((day) => day.reservation !== null),
    blocked: days.some((day) => day.block !== null),
    free: days.filter((day) => !day.reservation && !day.block).length,
    custom: days.some((day) => day.kind === 'custom'),
    blocks: [...blocks.values()],
  }
}
