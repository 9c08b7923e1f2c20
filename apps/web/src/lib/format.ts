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

/** '5 de julio de 2025' */
export function formatLongDate(value: DateInput): string {
  return format(toDate(value), "d 'de' MMMM 'de' yyyy", { locale: es })
}

/** '05 de julio, 2025', as reservation cards show dates. */
export function formatReservationDate(value: DateInput): string {
  return format(toDate(value), "dd 'de' MMMM, yyyy", { locale: es })
}

/** Made on first use: time-zone formatters are costly to build, and few pages need them. */
let mexicoCityFormats: { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat } | null = null

/** An instant as Mexico City reads it: { date: '27 de noviembre de 2026', time: '08:15' }. */
export function formatMexicoCityDateTime(value: string | Date): { date: string; time: string } {
  const instant = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Invalid instant: ${String(value)}`)
  mexicoCityFormats ??= {
    date: new Intl.DateTimeFormat('es-MX', {
      timeZone: 'America/Mexico_City',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }),
    time: new Intl.DateTimeFormat('es-MX', {
      timeZone: 'America/Mexico_City',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
  }
  return { date: mexicoCityFormats.date.format(instant), time: mexicoCityFormats.time.format(instant) }
}

export { pluralize } from './plural'
