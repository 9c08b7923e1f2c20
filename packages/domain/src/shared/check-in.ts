import { addDays, type CalendarDate } from './calendar-date.ts'
import { mexicoCityInstant } from './mexico-city-time.ts'

/**
 * When a stay begins and ends on its calendar dates. One generic rule for every cabin (no per-cabin
 * times yet): the mails, the trip page and the calendar file say the same. For cancelling and for
 * booking today, the hour is read in Mexico City (see decisions.md, "Cancellation has a deadline").
 * Here, not in reservations/, so the home page's calendars can use it without the schemas.
 */
export const CHECK_IN_TIME = '15:00'
export const CHECK_OUT_TIME = '12:00'

/** When a stay starts: its check-in day at CHECK_IN_TIME (15:00), Mexico City. */
export function stayStartsAt(checkIn: CalendarDate): Date {
  return mexicoCityInstant(checkIn, CHECK_IN_TIME)
}

/** Whether today's check-in time (15:00, Mexico City) has passed at `now`. */
export function isCheckInTimePassed(today: CalendarDate, now: Date): boolean {
  return now.getTime() >= stayStartsAt(today).getTime()
}

/**
 * The first date a stay can start at `now`: today in Mexico City until its check-in time (15:00),
 * then tomorrow. Calendars offer nothing earlier.
 */
export function firstCheckInDate(today: CalendarDate, now: Date): CalendarDate {
  return isCheckInTimePassed(today, now) ? addDays(today, 1) : today
}
