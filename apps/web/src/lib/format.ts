import { SPANISH_MONTH_NAMES } from '@cabanas/domain/shared'

export { formatMxn } from '@cabanas/domain/shared'

/** A calendar date 'yyyy-MM-dd' (read as that local day) or an instant. */
type DateInput = string | Date

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

type Day = { year: number; month: number; day: number }

/**
 * The day to print: a calendar date's own (no time zone can shift it), an instant's in this browser's
 * time zone. Written by hand, like formatMxn, rather than with date-fns' `format` (7.6 KB gzip in the
 * cabin page's first view); format.test.ts compares both on calendar dates and instants.
 */
function dayOf(value: DateInput): Day {
  const match = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
    const date = new Date(Date.UTC(year, month - 1, day))
    if (date.getUTCMonth() === month - 1 && date.getUTCDate() === day) return { year, month, day }
  } else {
    const date = typeof value === 'string' ? new Date(value) : value
    if (!Number.isNaN(date.getTime()) && (typeof value !== 'string' || value.includes('T'))) {
      return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() }
    }
  }
  throw new RangeError(`Invalid date: ${String(value)}`)
}

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** '05/07/2025' */
export function formatShortDate(value: DateInput): string {
  const { year, month, day } = dayOf(value)
  return `${twoDigits(day)}/${twoDigits(month)}/${String(year).padStart(4, '0')}`
}

/** '5 de julio de 2025': every full date guests read in a sentence or a summary. */
export function formatLongDate(value: DateInput): string {
  const { year, month, day } = dayOf(value)
  return `${day} de ${SPANISH_MONTH_NAMES[month - 1]} de ${year}`
}

export { pluralize } from './plural'

/** A month 'yyyy-MM' as 'noviembre de 2026'. */
export function formatMonthYear(month: string): string {
  const [year, number] = month.split('-')
  return `${SPANISH_MONTH_NAMES[Number(number) - 1]} de ${year}`
}
