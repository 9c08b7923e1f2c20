/**
 * A calendar date 'yyyy-MM-dd' with no time and no time zone. Stays are made of these.
 * Arithmetic runs on day numbers (days since 1970-01-01) with integer civil-calendar formulas:
 * no Date objects, no time zones, and fast enough for pricing every night of every search result.
 */
export type CalendarDate = string

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

/** The digits at [from, from + length) as a number, or -1 if any is not a digit. */
function digitsAt(text: string, from: number, length: number): number {
  let value = 0
  for (let i = from; i < from + length; i++) {
    const digit = text.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return -1
    value = value * 10 + digit
  }
  return value
}

/** [year, month, day] of a valid calendar date, else null. */
function partsOf(value: string): [number, number, number] | null {
  if (value.length !== 10 || value[4] !== '-' || value[7] !== '-') return null
  const year = digitsAt(value, 0, 4)
  const month = digitsAt(value, 5, 2)
  const day = digitsAt(value, 8, 2)
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return [year, month, day]
}

export function isCalendarDate(value: string): value is CalendarDate {
  return partsOf(value) !== null
}

/** Days since 1970-01-01 (Howard Hinnant's days_from_civil). */
export function toDayNumber(date: CalendarDate): number {
  const parts = partsOf(date)
  if (!parts) throw new RangeError(`Not a calendar date: ${date}`)
  let [year] = parts
  const [, month, day] = parts
  year -= month <= 2 ? 1 : 0
  const era = Math.floor(year / 400)
  const yearOfEra = year - era * 400
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146_097 + dayOfEra - 719_468
}

/** The calendar date of a day number (Howard Hinnant's civil_from_days). */
export function fromDayNumber(dayNumber: number): CalendarDate {
  const z = dayNumber + 719_468
  const era = Math.floor(z / 146_097)
  const dayOfEra = z - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const mp = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(toDayNumber(date) + days)
}

/** Calendar nights between arrival and departure (negative when departure is earlier). */
export function nightsBetween(checkIn: CalendarDate, checkOut: CalendarDate): number {
  return toDayNumber(checkOut) - toDayNumber(checkIn)
}

/** 0 = Sunday … 6 = Saturday, of a day number (1970-01-01 was a Thursday). */
export function weekdayOfDayNumber(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: CalendarDate): number {
  return weekdayOfDayNumber(toDayNumber(date))
}

/**
 * Mexico City's offset from UTC, in minutes. It has been UTC−6 all year since October 2022 (the
 * country dropped daylight saving time outside the border strip), so an hour there is plain
 * arithmetic: no time-zone database, and the same answer in Node and in every browser
 * (mexico-city-time.ts; a test checks it against the time-zone database).
 */
export const MEXICO_CITY_UTC_OFFSET_MINUTES = -360

const MEXICO_CITY = 'America/Mexico_City'
const MINUTE_MS = 60_000
/** Minutes in a day: a Mexico City minute count divided by this is its day number. */
export const DAY_MINUTES = 24 * 60

/** Minutes since 1970-01-01 00:00 on a clock in Mexico City (UTC−6) at an instant. */
export function mexicoCityMinutes(instant: Date): number {
  return Math.floor(instant.getTime() / MINUTE_MS) + MEXICO_CITY_UTC_OFFSET_MINUTES
}

/** Building an Intl formatter is costly: one per time zone, reused. */
const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * Today's date in a time zone (Mexico City by default) for a given instant. Mexico City's is read at
 * its fixed UTC−6, as its hours are: a browser's first date formatter loads ICU's date data, a long
 * task on a phone (105–177 ms at 4× CPU, traced) that every public page paid while it started, only
 * to know today's date.
 */
export function calendarDateIn(instant: Date, timeZone = MEXICO_CITY): CalendarDate {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid Date')
  if (timeZone === MEXICO_CITY) {
    return fromDayNumber(Math.floor(mexicoCityMinutes(instant) / DAY_MINUTES))
  }
  let format = formatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    formatters.set(timeZone, format)
  }
  const parts = format.formatToParts(instant)
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')}`
}
