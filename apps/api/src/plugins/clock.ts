import { type CalendarDate, calendarDateIn } from '@cabanas/domain/shared'

/** Time enters the app only through a Clock; "today" is Mexico City's date. */
export type Clock = {
  now(): Date
  today(): CalendarDate
}

/** Mexico City's date, recomputed at most once a second. */
function cachedToday(): () => CalendarDate {
  let computedAt = Number.NEGATIVE_INFINITY
  let today = ''
  return () => {
    const now = Date.now()
    if (now - computedAt >= 1000) {
      today = calendarDateIn(new Date(now))
      computedAt = now
    }
    return today
  }
}

export const systemClock: Clock = {
  now: () => new Date(),
  today: cachedToday(),
}

/** A clock pinned to a date (at noon in Mexico City), for tests. */
export function fixedClock(today: CalendarDate): Clock {
  const instant = new Date(`${today}T18:00:00Z`)
  return { now: () => new Date(instant), today: () => today }
}
