import { calendarDateSchema } from '../quotes/quote.ts'
import { addDays, type CalendarDate, toDayNumber } from '../shared/calendar-date.ts'
import { textSchema } from '../shared/text.ts'
import { z } from '../shared/zod.ts'

export * from './cabin-calendar-response.ts'

export const AvailabilityCheckRequestSchema = z.object({
  cabinId: textSchema('cabaña', { required: 'Falta la cabaña' }).min(1, 'Falta la cabaña').max(100),
  checkIn: calendarDateSchema('llegada'),
  checkOut: calendarDateSchema('salida'),
})

export const AvailabilityCheckResponseSchema = z.object({
  success: z.literal(true),
  available: z.boolean(),
  cabinId: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  /** Why the stay is not available: a quote errorType and its Spanish text. */
  errorType: z.string().optional(),
  error: z.string().optional(),
})
export type AvailabilityCheckResponse = z.infer<typeof AvailabilityCheckResponseSchema>

export const DateRangeQuerySchema = z.object({
  checkIn: calendarDateSchema('llegada'),
  checkOut: calendarDateSchema('salida'),
})

export const DateRangeResponseSchema = z.object({
  success: z.literal(true),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  total: z.number().int(),
  cabins: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      population: z.string(),
      state: z.string(),
      minNights: z.number(),
    }),
  ),
})
export type DateRangeResponse = z.infer<typeof DateRangeResponseSchema>

/** How far ahead the calendar shows booked nights. */
export const CALENDAR_DAYS_AHEAD = 365

/**
 * Nights held by the ranges inside [from, to), sorted: a night is its start day, so a range's
 * check-out day is not a booked night and stays free for a departure or a new arrival.
 */
export function bookedNightsOf(
  ranges: readonly { checkIn: CalendarDate; checkOut: CalendarDate }[],
  from: CalendarDate,
  to: CalendarDate,
): CalendarDate[] {
  const nights = new Set<CalendarDate>()
  for (const range of ranges) {
    const start = range.checkIn < from ? from : range.checkIn
    const end = range.checkOut > to ? to : range.checkOut
    for (let night = start; night < end; night = addDays(night, 1)) nights.add(night)
  }
  return [...nights].sort()
}

/** Can a stay from `checkIn` to `checkOut` be picked, given the booked nights? (per-night semantics) */
export function isStayOpen(
  bookedNights: ReadonlySet<CalendarDate>,
  checkIn: CalendarDate,
  checkOut: CalendarDate,
) {
  const end = toDayNumber(checkOut)
  for (let night = checkIn; toDayNumber(night) < end; night = addDays(night, 1)) {
    if (bookedNights.has(night)) return false
  }
  return true
}
