import {
  type CalendarDate,
  DAY_MINUTES,
  fromDayNumber,
  MEXICO_CITY_UTC_OFFSET_MINUTES,
  mexicoCityMinutes,
  toDayNumber,
} from './calendar-date.ts'

/** How every surface names the hour it states: '15:00 (hora de la Ciudad de México)'. */
export const MEXICO_CITY_TIME_LABEL = 'hora de la Ciudad de México'

const MINUTE_MS = 60_000

/** Minutes after midnight of a wall-clock time 'HH:MM'. */
function minutesOf(time: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time)
  if (!match) throw new RangeError(`Not a time 'HH:MM': ${time}`)
  return Number(match[1]) * 60 + Number(match[2])
}

/** The instant of a wall-clock time ('HH:MM') on a date in Mexico City. */
export function mexicoCityInstant(date: CalendarDate, time: string): Date {
  const localMinutes = toDayNumber(date) * DAY_MINUTES + minutesOf(time)
  return new Date((localMinutes - MEXICO_CITY_UTC_OFFSET_MINUTES) * MINUTE_MS)
}

/** The date and the 'HH:MM' an instant shows on a clock in Mexico City. */
export function mexicoCityWallClock(instant: Date): { date: CalendarDate; time: string } {
  const localMinutes = mexicoCityMinutes(instant)
  const dayNumber = Math.floor(localMinutes / DAY_MINUTES)
  const minutes = localMinutes - dayNumber * DAY_MINUTES
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0')
  const mm = String(minutes % 60).padStart(2, '0')
  return { date: fromDayNumber(dayNumber), time: `${hh}:${mm}` }
}

/** The months' names in Spanish (es-MX), lower case as they are written inside a date. */
export const SPANISH_MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const

/** '17 de diciembre de 2026, 15:00': an instant as Mexico City reads it (say so next to it). */
export function formatMexicoCityDateTime(instant: Date): string {
  const { date, time } = mexicoCityWallClock(instant)
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return `${day} de ${SPANISH_MONTH_NAMES[month - 1]} de ${year}, ${time}`
}
