import { format, isValid, parseISO } from 'date-fns'
import { es } from 'date-fns/locale'

export { formatMxn } from '@cabanas/domain/shared'

/** A calendar date 'yyyy-MM-dd' (read as that local day) or an instant. */
type DateInput = string | Date

function toDate(value: DateInput): Date {
  const date = typeof value === 'string' ? parseISO(value) : value
  if (!isValid(date)) throw new RangeError(`Invalid date: ${String(value)}`)
  return date
}

/** '05/07/2025' */
export function formatShortDate(value: DateInput): string {
  return format(toDate(value), 'dd/MM/yyyy', { locale: es })
}

/** '5 de julio de 2025': every full date guests read in a sentence or a summary. */
export function formatLongDate(value: DateInput): string {
  return format(toDate(value), "d 'de' MMMM 'de' yyyy", { locale: es })
}

export { pluralize } from './plural'

/** A month 'yyyy-MM' as 'noviembre de 2026'. */
export function formatMonthYear(month: string): string {
  return format(toDate(`${month}-01`), "MMMM 'de' yyyy", { locale: es })
}
