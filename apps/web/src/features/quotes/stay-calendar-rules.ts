import { isStayOpen } from '@cabanas/domain/availability'
import { addDays, type CalendarDate } from '@cabanas/domain/shared'

type CalendarRules = {
  today: CalendarDate
  /** Nights already taken: a night is the day it starts on. */
  bookedNights: ReadonlySet<CalendarDate>
  minNights: number
}

/** An arrival needs its first night free, and cannot be in the past. */
export function isArrivalDisabled(date: CalendarDate, { today, bookedNights }: CalendarRules): boolean {
  return date < today || bookedNights.has(date)
}

/**
 * A departure comes after the arrival, keeps the minimum stay and never jumps over a booked night.
 * Per-night semantics: the day a booked night starts is still a valid departure.
 */
export function isDepartureDisabled(
  date: CalendarDate,
  checkIn: CalendarDate,
  { bookedNights, minNights }: CalendarRules,
): boolean {
  if (date <= checkIn || date < addDays(checkIn, minNights)) return true
  return !isStayOpen(bookedNights, checkIn, date)
}
