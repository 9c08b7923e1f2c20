import { formatDistanceStrict, parseISO } from 'date-fns'
import { es } from 'date-fns/locale'

/** 'hace 3 horas', 'hace 2 días': how long ago an instant was, in whole units. */
export function timeAgo(instant: string, now: Date): string {
  return formatDistanceStrict(parseISO(instant), now, {
    addSuffix: true,
    locale: es,
    roundingMethod: 'floor',
  })
}
