import {
  addDays,
  type CalendarDate,
  calendarDateIn,
  dayOfWeek,
  firstCheckInDate,
  requireValue,
  SPANISH_MONTH_NAMES,
} from '@cabanas/domain/shared'

/** A month of the calendar; `month` is 1–12. */
export type YearMonth = { year: number; month: number }

/** Spec §9: every month is drawn as a 6 × 7 grid. */
export const CALENDAR_GRID_DAYS = 42

/** Column headings, Sunday first (spec §2): 'D L M M J V S'. */
export const WEEKDAY_LETTERS = ['D', 'L', 'M', 'M', 'J', 'V', 'S'] as const
export const WEEKDAY_NAMES = [
  'domingo',
  'lunes',
  'martes',
  'miércoles',
  'jueves',
  'viernes',
  'sábado',
] as const

/**
 * Written here rather than read from `Intl` (the server's ICU and the browser's may differ, and the page
 * must hydrate as rendered) or from date-fns' `es` locale (2.5 KB gzip on every first view); the test
 * holds them to that locale's words.
 */
export const MONTH_ABBREVIATIONS = [
  'ene',
  'feb',
  'mar',
  'abr',
  'may',
  'jun',
  'jul',
  'ago',
  'sep',
  'oct',
  'nov',
  'dic',
] as const

const pad = (value: number) => String(value).padStart(2, '0')

function parts(date: CalendarDate): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number)
  return {
    year: requireValue(year, 'the year of a date'),
    month: requireValue(month, 'the month of a date'),
    day: requireValue(day, 'the day of a date'),
  }
}

export function yearMonthOf(date: CalendarDate): YearMonth {
  const { year, month } = parts(date)
  return { year, month }
}

export function addMonths({ year, month }: YearMonth, count: number): YearMonth {
  const index = year * 12 + (month - 1) + count
  return { year: Math.floor(index / 12), month: (index % 12) + 1 }
}

/** Negative, zero or positive, like a sort comparator. */
export function compareMonths(a: YearMonth, b: YearMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month)
}

export function isInMonth(date: CalendarDate, { year, month }: YearMonth): boolean {
  const p = parts(date)
  return p.year === year && p.month === month
}

export function firstDayOf({ year, month }: YearMonth): CalendarDate {
  return `${year}-${pad(month)}-01`
}

/**
 * The 42 days drawn for a month: from the Sunday on or before the 1st, six full weeks. Days of the
 * neighbouring months fill the first and last rows.
 */
export function monthGrid(yearMonth: YearMonth): CalendarDate[] {
  const first = firstDayOf(yearMonth)
  const start = addDays(first, -dayOfWeek(first))
  return Array.from({ length: CALENDAR_GRID_DAYS }, (_, index) => addDays(start, index))
}

/** 'Julio 2026' */
export function monthTitle({ year, month }: YearMonth): string {
  const name = requireValue(SPANISH_MONTH_NAMES[month - 1], 'the name of a month')
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${year}`
}

/** 'domingo, 12 de julio de 2026': the accessible name of a day. */
export function longDayName(date: CalendarDate): string {
  const { year, month, day } = parts(date)
  return `${WEEKDAY_NAMES[dayOfWeek(date)]}, ${day} de ${SPANISH_MONTH_NAMES[month - 1]} de ${year}`
}

/** '12 jul': the short form the search bar shows. */
export function shortDayName(date: CalendarDate): string {
  const { month, day } = parts(date)
  return `${day} ${MONTH_ABBREVIATIONS[month - 1]}`
}

/** '12 – 14 jul' or '30 jul – 2 ago': a stay in few characters. */
export function shortRangeName(checkIn: CalendarDate, checkOut: CalendarDate): string {
  const a = parts(checkIn)
  const b = parts(checkOut)
  if (a.year === b.year && a.month === b.month) return `${a.day} – ${shortDayName(checkOut)}`
  return `${shortDayName(checkIn)} – ${shortDayName(checkOut)}`
}

/** Today's date in Mexico City, where every stay happens. */
export function todayInMexico(now: Date = new Date()): CalendarDate {
  return calendarDateIn(now)
}

/**
 * The first arrival a calendar offers: today in Mexico City until check-in time (15:00), then
 * tomorrow (the API refuses an arrival today after that hour).
 */
export function firstArrivalInMexico(now: Date = new Date()): CalendarDate {
  return firstCheckInDate(calendarDateIn(now), now)
}
