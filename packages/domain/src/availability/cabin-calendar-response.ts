import * as zm from 'zod/mini'

/*
 * What GET /api/availability/cabin/:id answers, as a zod/mini schema (`zm`, see catalog/cabin.ts): the
 * booking widget parses it in the browser, with its first request. A module of its own: the cabin page's
 * first view uses the rules of availability.ts, and a module's code travels in one chunk.
 */

export const CabinCalendarResponseSchema = zm.object({
  success: zm.literal(true),
  cabinId: zm.string(),
  from: zm.string(),
  to: zm.string(),
  minNights: zm.int().check(zm.positive()),
  /** Live reservations as [checkIn, checkOut) ranges. */
  bookedRanges: zm.array(zm.object({ checkIn: zm.string(), checkOut: zm.string() })),
  /** Every booked night (the night that starts on that day), sorted. */
  bookedNights: zm.array(zm.string()),
})
export type CabinCalendarResponse = zm.infer<typeof CabinCalendarResponseSchema>
